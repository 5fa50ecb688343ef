import { z } from 'zod';
import { md5Hex } from '../auth/auth.schema.js';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList } from '../common/paging.js';
import { emailMessage, emailPattern, mobileMessage, mobilePattern } from '../common/rules.js';

export const userPaths = {
  ...resourcePaths('/api/system/Permission/Users'),
  status: '/api/system/Permission/Users/updateStatus/:id/:status',
  selector: '/api/system/Permission/Users/Selector',
  resetPassword: '/api/system/Permission/Users/:id/Actions/ResetPassword',
  releaseLoginLimit: '/api/system/Permission/Users/:id/Actions/ReleaseLoginLimit',
} as const;

export const userStatusNames: Readonly<Record<number, string>> = { 1: '启用', 0: '停用' };

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}最长${max}位`).default('');

/** Fields of a user shared by create and edit; the password only on create. */
const userFields = {
  account: z
    .string({ error: '请输入账号' })
    .trim()
    .min(2, '账号至少2位')
    .max(32, '账号最长32位')
    .regex(/^[A-Za-z0-9_.@-]+$/, '账号只能包含字母、数字和 _ . @ -'),
  realName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名最长32位'),
  mobile: optionalText(11, '手机号').refine((v) => v === '' || mobilePattern.test(v), mobileMessage),
  email: optionalText(64, '邮箱').refine((v) => v === '' || emailPattern.test(v), emailMessage),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '状态只能是 1（启用）或 0（停用）')
    .default(1),
  isAdministrator: z.boolean().default(false),
  organizationId: z.uuid('组织编号格式不正确').nullable().default(null),
  positionIds: z.array(z.uuid('岗位编号格式不正确')).max(20, '岗位最多20个').default([]),
  roleIds: z.array(z.uuid('角色编号格式不正确')).max(20, '角色最多20个').default([]),
};

export const userCreateInput = z.object({ ...userFields, password: md5Hex });
export const userUpdateInput = z.object(userFields);
export type UserCreateInput = z.input<typeof userCreateInput>;
export type UserUpdateInput = z.input<typeof userUpdateInput>;

export const userListQuery = z.strictObject({
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码最小为1').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数最小为1').max(1000, '每页条数最大为1000').default(10),
  sidx: z.enum(['account', 'realName', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  sort: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
  keyword: z.string().trim().max(32).optional(),
  realName: z.string().trim().max(32).optional(),
  account: z.string().trim().max(32).optional(),
  organizationId: z.uuid('组织编号格式不正确').optional(),
  positionId: z.uuid('岗位编号格式不正确').optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '状态只能是 1（启用）或 0（停用）')
    .optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const systemUser = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.number().int(),
  isAdministrator: z.boolean(),
  organizationId: z.string().nullable(),
  organizationName: z.string(),
  positions: z.array(z.object({ id: z.string(), name: z.string() })),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SystemUser = z.infer<typeof systemUser>;

/** How failed sign-ins hold an account back now; absent when they do not. */
export const loginLimit = z.object({
  /** failures still counted, from every address */
  failures: z.number().int(),
  /** some address (or every one) must answer the captcha */
  captchaRequired: z.boolean(),
  /** when the longest wait in force lifts (ISO); null when no address must wait */
  limitedUntil: z.string().nullable(),
  lastFailureAt: z.string(),
  lastFailureIp: z.string(),
});
export type LoginLimit = z.infer<typeof loginLimit>;

/** A row of the 用户 list: the user and what failed sign-ins hold against them (已限制登录). */
export const systemUserRow = systemUser.extend({ loginLimit: loginLimit.nullable() });
export type SystemUserRow = z.infer<typeof systemUserRow>;
export const systemUserPage = pagedList(systemUserRow);

export const releaseLoginLimitResult = z.object({ releasedFailures: z.number().int() });

export const userSelectorItem = z.object({ id: z.string(), account: z.string(), realName: z.string() });

/**
 * Every value is the MD5 hex of what was typed; the rules on the typed text run in the console.
 * `oldPassword` is required when the id is one's own (checked by the server), and ignored when an
 * administrator resets another user, whose form sends only id, userPassword and validatePassword.
 */
export const resetPasswordInput = z
  .object({
    id: z.uuid('用户编号格式不正确').optional(),
    oldPassword: z
      .string()
      .regex(/^[0-9a-f]{32}$/, '当前密码格式错误：应为小写十六进制 MD5 摘要')
      .optional(),
    userPassword: md5Hex,
    validatePassword: md5Hex,
  })
  .refine((v) => v.userPassword === v.validatePassword, { message: '两次输入的密码不一致', path: ['validatePassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
