import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountCode } from '@parking/contract';

export const defaultAccount = 'demo';
const oneYearSeconds = 365 * 24 * 3600;

/** API calls name their own filters `account` (用户's search by 账号): only a page address is a sign-in address. */
const isPageAddress = (url: string) => !url.startsWith('/api/');

/**
 * The tenant of a request: the `account` cookie, or `demo` when there is none. A page address with
 * `?account=CODE` (the sign-in address an operator hands out, `/?account=mw`) picks the tenant and
 * remembers it in the cookie; an API call's `?account=` is its own parameter and never does.
 */
export const tenancyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('accountCode', defaultAccount);
    app.addHook('onRequest', async (request, reply) => {
      const fromQuery = isPageAddress(request.url) ? accountCode.safeParse((request.query as Record<string, unknown> | undefined)?.account) : undefined;
      if (fromQuery?.success) {
        request.accountCode = fromQuery.data;
        if (request.cookies.account !== fromQuery.data) {
          reply.setCookie('account', fromQuery.data, { path: '/', maxAge: oneYearSeconds, sameSite: 'lax' });
        }
        return;
      }
      const fromCookie = accountCode.safeParse(request.cookies.account);
      if (fromCookie.success) request.accountCode = fromCookie.data;
    });
  },
  { name: 'tenancy', dependencies: ['@fastify/cookie'] },
);
