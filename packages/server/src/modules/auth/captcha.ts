import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.js';
import { insertCaptcha, takeCaptcha } from './auth.repository.js';

export interface CaptchaImage {
  text: string;
  svg: string;
}

/** Glyphs are drawn as paths with noise lines, so the answer is not in the SVG's text. */
export const drawCaptcha = (): CaptchaImage => {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#eef4ff',
    width: 120,
    height: 40,
  });
  return { text, svg: data };
};

const captchaLifetimeMs = 5 * 60_000;
const answerHash = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

export const issueCaptcha = async (db: Db, draw: () => CaptchaImage, now = new Date()) => {
  const { text, svg } = draw();
  const key = randomUUID();
  await insertCaptcha(db, key, answerHash(text), new Date(now.getTime() + captchaLifetimeMs));
  return {
    key,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresIn: captchaLifetimeMs / 1000,
  };
};

/** A captcha answers once: right or wrong, the key is spent. Case does not matter. */
export const checkCaptcha = async (db: Db, key: string, answer: string, now = new Date()) => {
  const expected = await takeCaptcha(db, key, now);
  return expected !== undefined && expected === answerHash(answer);
};
