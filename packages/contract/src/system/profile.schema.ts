import { z } from 'zod';
import { emailMessage, emailPattern, mobileMessage, mobilePattern } from '../common/rules.js';

/** The personal center (/user/center): the signed-in user's own profile, avatar and sessions. */
export const profilePaths = {
  profile: '/api/system/Current/Profile',
  avatar: '/api/system/Current/Avatar',
  sessions: '/api/system/Current/Sessions',
  session: '/api/system/Current/Sessions/:id',
} as const;

export const profile = z.object({
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  avatar: z.string(),
  tenantName: z.string(),
  organizationName: z.string(),
  positionNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  isAdministrator: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}最长${max}位`).default('');

/** What users may change about themselves; account, roles and positions are the administrator's. */
export const profileInput = z.object({
  realName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(32, '姓名最长32位'),
  mobile: optionalText(11, '手机号').refine((v) => v === '' || mobilePattern.test(v), mobileMessage),
  email: optionalText(64, '邮箱').refine((v) => v === '' || emailPattern.test(v), emailMessage),
});
export type ProfileInput = z.input<typeof profileInput>;

export const ownSession = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  rememberMe: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** the session this request came from */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;
