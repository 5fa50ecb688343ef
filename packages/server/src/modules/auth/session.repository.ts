// Kept for auth.routes until it imports revokeSession from system's face, where sessions now live.
export { revokeSession } from '../system/index.js';
