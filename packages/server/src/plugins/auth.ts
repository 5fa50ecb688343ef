import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { primaryReads } from '../db/replica.js';
import { withTenant } from '../db/tenant-scope.js';
import type { AuthContext } from '../types.js';
import { forbidden } from './app-error.js';

/** Everything under these needs a signed-in user; the rest is the console's static files. */
const protectedPrefixes = ['/api/', '/weather/'];

/** A route open to every signed-in user, because its service scopes the answer itself. */
export const anySignedIn = '*';

/** The enCodes a route's permission names, none for anySignedIn. */
const requiredCodes = (permission: string | readonly string[]): readonly string[] => (permission === anySignedIn ? [] : typeof permission === 'string' ? [permission] : permission);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** its reads may be served by the read replica (`routeOf`'s `replicaSafe` option) */
    replicaSafe?: boolean;
  }
}

/** Requests that change nothing: a user who sends only these has written nothing to read back. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const needsSignIn = (url: string, config: { public?: boolean } | undefined) => protectedPrefixes.some((prefix) => url.startsWith(prefix)) && !url.startsWith('/api/docs') && !config?.public;

/**
 * What the check needs from the modules that keep sessions and menus, handed in by the app so this
 * plugin, like every plugin, depends on no business module.
 */
export interface AuthChecks {
  /** the session of the request's Authorization header at `now`, or a 401 */
  authenticate: (db: Db, authorization: string | undefined, now: Date) => Promise<Omit<AuthContext, 'ip' | 'userAgent'>>;
  /** the menu and button enCodes the user holds */
  permissionCodes: (db: Db, auth: AuthContext) => Promise<ReadonlySet<string>>;
  /** the enCodes only the platform tenant's users may reach */
  platformOnlyMenus: ReadonlySet<string>;
}

/**
 * Every /api route needs a signed-in user unless it says `config.public`; a route that names a
 * `config.permission` also needs that menu or button. The console hiding a button is not a check.
 */
export const authPlugin = fp<AuthChecks>(
  async (app: FastifyInstance, { authenticate, permissionCodes, platformOnlyMenus }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('db', null as unknown as FastifyInstance['db']);
    // the enCodes routes name as their permission: renaming one of those menus would lock users out
    const routePermissions = new Set<string>();
    app.decorate('routePermissions', routePermissions as ReadonlySet<string>);
    const reads = app.database.reads ?? primaryReads(app.db);

    // every signed-in handler runs inside its tenant's transaction, as the row-level-security role
    app.addHook('onRoute', (route) => {
      if (!needsSignIn(route.url, route.config)) return;
      if (!route.config?.permission || route.config.permission.length === 0) {
        throw new Error(`${String(route.method)} ${route.url} declares no permission: set config.permission to a menu enCode or anySignedIn`);
      }
      for (const code of requiredCodes(route.config.permission)) routePermissions.add(code);
      const handler = route.handler;
      const fromReplica = route.config?.replicaSafe === true;
      // (Fastify adds a HEAD route to each GET, with the same config)
      if (fromReplica && route.method !== 'GET' && route.method !== 'HEAD')
        throw new Error(`${String(route.method)} ${route.url} is marked replicaSafe: only GET reads may go to the read replica`);
      route.handler = async function (this: FastifyInstance, request, reply) {
        const auth = requireAuth(request);
        const work = async (tx: Db) => {
          request.db = tx;
          return handler.call(this, request, reply);
        };
        if (fromReplica) {
          return reads.withTenant(auth.tenantId, { userId: auth.userId, at: app.now().getTime(), retryable: () => !reply.sent && !reply.raw.headersSent }, work);
        }
        const answer = await withTenant(app.db, auth.tenantId, work);
        // committed: for a few seconds this user reads from the primary, which has what they just wrote
        if (!readMethods.has(request.method) && reply.statusCode < 300) await reads.wrote(auth.userId, app.now().getTime());
        return answer;
      };
    });

    const check = async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      const session = await authenticate(app.db, request.headers.authorization, app.now());
      const auth: AuthContext = { ...session, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      request.auth = auth;
      const required = config.permission ? requiredCodes(config.permission) : [];
      // not even a tenant's administrators reach the platform's own pages
      if (required.length > 0 && required.every((code) => platformOnlyMenus.has(code)) && !auth.onPlatformTenant) throw forbidden();
      if (required.length > 0 && !auth.isAdministrator) {
        const codes = await permissionCodes(app.db, auth);
        if (!required.some((code) => codes.has(code))) throw forbidden();
      }
    };

    app.addHook('onRequest', async (request) => {
      request.db = app.db;
      const routeUrl = request.routeOptions.url;
      if (!routeUrl || !needsSignIn(routeUrl, request.routeOptions.config)) return;
      await check(request);
    });

    // a stream outlives the check made when it opened: it asks again now and then, and ends once refused
    app.decorate('stillAllowed', async (request: FastifyRequest) =>
      check(request).then(
        () => true,
        () => false,
      ),
    );
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The signed-in user of a route that is not public; the auth hook guarantees it is set. */
export const requireAuth = (request: { auth: AuthContext | null }) => {
  if (!request.auth) throw new Error('auth hook did not run for a non-public route');
  return request.auth;
};
