import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes as 64 hex digits: the key a device signs its calls with. */
export const newDeviceSecret = () => randomBytes(32).toString('hex');

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Compares in constant time, so the time taken tells nothing of how much of a signature was right. */
export const signatureMatches = (expectedHex: string, givenHex: string) => {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = /^[0-9a-f]+$/i.test(givenHex) ? Buffer.from(givenHex, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(expected, given);
};
