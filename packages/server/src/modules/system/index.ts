// The public face of system: identity data (tenants, users, roles, menus), the sessions and
// sign-in attempts kept against users, and the operation log. Other modules import only this.
export { dictionaryRoutes } from './dictionary.routes.js';
export { identityRoutes } from './identity.routes.js';
export { operationLogRoutes } from './operation-log.routes.js';
export { profileRoutes } from './profile.routes.js';
export { tenantRoutes } from './tenant.routes.js';
export { userAdminRoutes } from './user-admin.routes.js';
export { userRoutes } from './user.routes.js';
export { weatherRoutes } from './weather.routes.js';
export { qweatherProvider, type WeatherProvider } from './weather.provider.js';

export { buildMenuTree, permissionCodes, platformOnlyMenus, userMenus } from './menu.service.js';
export type { MenuRow } from './menu.repository.js';
export { listOperationLogs, recordOperation, toOperationLog, type OperationAction, type OperationEntry } from './operation-log.service.js';
export { activeTenant, toTenant } from './tenant.service.js';
export { firstPositionCode } from './position.repository.js';
export { findTenant, type TenantRow } from './tenant.repository.js';
export { findUserByAccount, findUserProfile } from './user.repository.js';

export { findSessionByTokenHash, insertSession, revokeSession, touchSession, type RevokeReason } from './session.repository.js';
export { recordLoginAttempt } from './login-attempts.repository.js';
export { failedSignInNotice, recordFailure, refuseWhileWaiting, signInThrottle, waitAfterFailures, type SignInThrottle } from './sign-in-throttle.js';
