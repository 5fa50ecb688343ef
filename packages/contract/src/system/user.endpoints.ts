import { z } from 'zod';
import { loginFailureData } from '../auth/auth.schema.js';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { selectorQuery } from '../common/paging.js';
import { releaseLoginLimitResult, resetPasswordInput, systemUser, systemUserPage, userCreateInput, userListQuery, userPaths, userSelectorItem, userUpdateInput } from './user.schema.js';

const params = idParams('用户编号格式不正确');

export const userEndpoints = {
  ...listEndpoints(userPaths, userListQuery, systemUserPage),
  selector: endpoint({ method: 'GET', path: userPaths.selector, query: selectorQuery, answer: z.array(userSelectorItem) }),
  detail: endpoint({ method: 'GET', path: userPaths.item, params, answer: systemUser }),
  create: endpoint({ method: 'POST', path: userPaths.list, body: userCreateInput, answer: systemUser }),
  update: endpoint({ method: 'PUT', path: userPaths.item, params, body: userUpdateInput, answer: systemUser }),
  remove: endpoint({ method: 'DELETE', path: userPaths.item, params, answer: z.null() }),
  setStatus: endpoint({
    method: 'POST',
    path: userPaths.status,
    params: params.extend({
      status: z.coerce
        .number()
        .int()
        .refine((v) => v === 0 || v === 1, '状态只能是 1（启用）或 0（停用）'),
    }),
    answer: z.object({ status: z.number().int(), endedSessions: z.number().int() }),
  }),
  releaseLoginLimit: endpoint({ method: 'POST', path: userPaths.releaseLoginLimit, params, answer: releaseLoginLimitResult }),
  /** a refused check answers 400 with the sign-in failure's details, recorded with the request */
  resetPassword: endpoint({
    method: 'POST',
    path: userPaths.resetPassword,
    params,
    body: resetPasswordInput,
    answer: z.object({ endedSessions: z.number().int() }),
    failures: { 400: loginFailureData },
  }),
};
