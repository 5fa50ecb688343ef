import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountCode } from '@parking/contract';

export const defaultAccount = 'demo';
const oneYearSeconds = 365 * 24 * 3600;

/** `?account=CODE` on any URL picks the tenant and is remembered in the `account` cookie (DESIGN §4). */
export const tenancyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('accountCode', defaultAccount);
    app.addHook('onRequest', async (request, reply) => {
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.account;
      const parsedQuery = accountCode.safeParse(fromQuery);
      if (parsedQuery.success) {
        request.accountCode = parsedQuery.data;
        if (request.cookies.account !== parsedQuery.data) {
          reply.setCookie('account', parsedQuery.data, { path: '/', maxAge: oneYearSeconds, sameSite: 'lax' });
        }
        return;
      }
      const fromCookie = accountCode.safeParse(request.cookies.account);
      if (fromCookie.success) request.accountCode = fromCookie.data;
    });
  },
  { name: 'tenancy', dependencies: ['@fastify/cookie'] },
);
