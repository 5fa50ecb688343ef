import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { ownSession, profile, profileInput, profilePaths } from './profile.schema.js';
import { uploadedImage } from './tenant.schema.js';

export const profileEndpoints = {
  profile: endpoint({ method: 'GET', path: profilePaths.profile, answer: profile }),
  update: endpoint({ method: 'PUT', path: profilePaths.profile, body: profileInput, answer: profile }),
  /** multipart field `file` */
  avatar: endpoint({ method: 'POST', path: profilePaths.avatar, answer: uploadedImage }),
  sessions: endpoint({ method: 'GET', path: profilePaths.sessions, answer: z.array(ownSession) }),
  endSession: endpoint({ method: 'DELETE', path: profilePaths.session, params: idParams('登录编号格式不正确'), answer: z.object({ current: z.boolean() }) }),
};
