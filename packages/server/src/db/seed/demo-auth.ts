import type { AuthContext } from '../../types.js';

/** Tenant demo's admin as a seed acts through the services: `source` names the seed in the operation log. */
export const demoAdminAuth = (tenantId: string, userId: string, source: string): AuthContext => ({
  sessionId: source,
  userId,
  tenantId,
  tenantCode: 'demo',
  account: 'admin',
  isAdministrator: true,
  onPlatformTenant: false,
  ip: '127.0.0.1',
  userAgent: source,
});
