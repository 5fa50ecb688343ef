import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate } from '../modules/auth/session.service.js';
import { tokenFromHeader } from '../modules/auth/tokens.js';
import { permissionCodes } from '../modules/system/menu.service.js';
import { forbidden } from './app-error.js';

/** Everything under these needs a signed-in user; the rest is the console's static files. */
const protectedPrefixes = ['/api/', '/weather/'];

/**
 * Every /api route needs a signed-in user unless it says `config.public`; a route that names a
 * `config.permission` also needs that menu or button. The console hiding a button is not a check.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const guarded = protectedPrefixes.some((prefix) => request.url.startsWith(prefix));
      if (!guarded || config.public || !request.routeOptions.url) return;
      if (request.routeOptions.url.startsWith('/api/docs')) return;
      const auth = await authenticate(app.db, tokenFromHeader(request.headers.authorization));
      request.auth = auth;
      if (config.permission && !auth.isAdministrator) {
        const codes = await permissionCodes(app.db, auth);
        if (!codes.has(config.permission)) throw forbidden();
      }
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The signed-in user of a route that is not public; the auth hook guarantees it is set. */
export const requireAuth = (request: { auth: import('../types.js').AuthContext | null }) => {
  if (!request.auth) throw new Error('auth hook did not run for a non-public route');
  return request.auth;
};
