import { z } from 'zod';
import { md5Hex } from '../auth/auth.schema.js';

export const userPaths = {
  resetPassword: '/api/system/Permission/Users/:id/Actions/ResetPassword',
} as const;

/** Both values are the MD5 hex of what was typed; the rules on the typed text run in the console. */
export const resetPasswordInput = z
  .object({
    id: z.uuid('用户编号格式不正确').optional(),
    userPassword: md5Hex,
    validatePassword: md5Hex,
  })
  .refine((v) => v.userPassword === v.validatePassword, { message: '两次输入的密码不一致', path: ['validatePassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
