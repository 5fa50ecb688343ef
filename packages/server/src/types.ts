import type { LiveEventBus } from './plugins/live-events.js';
import type { ExportProgressBoard } from './shared/export-progress.js';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';

/** Who is asking: set by the auth plugin on every signed-in request. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  tenantId: string;
  tenantCode: string;
  account: string;
  isAdministrator: boolean;
  /** the user belongs to the tenant that runs the platform (system/tenant is theirs alone) */
  onPlatformTenant: boolean;
  /** where the request came from, for the operation log */
  ip: string;
  userAgent: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** the app's clock: what routes pass to services as "now" (AppOptions.now) */
    now: () => Date;
    /** cars in and out, for the screens open on any process (plugins/live-events.ts) */
    liveEvents: LiveEventBus;
    /** every menu enCode some route names as its permission (plugins/auth.ts) */
    routePermissions: ReadonlySet<string>;
    /** whether a long-lived request's user is still signed in and still holds its route's permission (plugins/auth.ts) */
    stillAllowed: (request: FastifyRequest) => Promise<boolean>;
    /** rows written so far by the downloads of this process that sent an x-export-id (shared/export-progress.ts) */
    exportProgress: ExportProgressBoard;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** the tenant-scoped transaction of a signed-in request; the plain pool on public routes */
    db: Db;
    /** the tenant account code of this request: `?account=`, the `account` cookie, or `demo` */
    accountCode: string;
    /** the JSON body exactly as sent, on the signed device routes (its hash is part of the signature) */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** reachable without signing in */
    public?: boolean;
    /**
     * The menu or button enCode a user must hold, or `anySignedIn` where the service itself
     * scopes what each user sees. Every signed-in route must say which: the app will not start otherwise.
     * A list of enCodes lets in a holder of any one of them (a route that serves two pages, such as
     * 路内设备 and 路外设备); its service then scopes the answer to the pages the user holds.
     */
    permission?: string | readonly string[];
  }
}
