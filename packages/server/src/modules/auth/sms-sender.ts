import { maskMobile } from '@parking/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a sign-in code to a phone. A real gateway implements this; the default only logs. */
export interface SmsSender {
  readonly name: string;
  send(input: { mobile: string; code: string; tenantCode: string }): Promise<void>;
}

/** For development and demos: the code goes to the server log, never to a phone; the log names the phone masked. */
export const logOnlySmsSender = (log: FastifyBaseLogger): SmsSender => ({
  name: 'log-only (验证码写入服务器日志，不发送短信)',
  async send({ mobile, code, tenantCode }) {
    log.warn({ tenant: tenantCode, mobile: maskMobile(mobile) }, `SMS sign-in code ${code} (log-only sender: no SMS was sent)`);
  },
});
