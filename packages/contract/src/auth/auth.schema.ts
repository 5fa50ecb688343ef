import { z } from 'zod';

/** Form fields arrive as strings; these are the spellings a checkbox or a client may send. */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const md5Hex = z.string({ error: '请输入密码' }).regex(/^[0-9a-f]{32}$/, '密码格式错误：应为小写十六进制 MD5 摘要');

export const accountCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, '租户编码只能包含字母、数字、下划线和短横线，最长32位');

export const loginInput = z.object({
  account: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号最长64位'),
  password: md5Hex,
  rememberMe: formBoolean,
  /** captcha answer, required once the account has failed 3 times from this address (signInPolicy) */
  code: z.string().trim().max(16).optional(),
  /** the captcha key the image was issued for */
  timestamp: z.string().trim().max(64).optional(),
  /** SMS code, required when the tenant has SMS sign-in codes on */
  smsCode: z.string().trim().max(8).optional(),
  /** tenant account code; the `account` cookie is used when absent */
  tenant: accountCode.optional(),
});
export type LoginInput = z.input<typeof loginInput>;

export const loginResult = z.object({
  token: z.string(),
  /** seconds until the token expires when unused */
  expiresIn: z.number().int(),
  /** failed sign-ins since the account's previous sign-in, said once: "上次登录后有N次失败的登录尝试…" */
  notice: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** When a login fails, the client learns whether the next try needs a captcha, and how long to wait. */
export const loginFailureData = z.object({ captchaRequired: z.boolean(), retryAfterSeconds: z.number().int().optional() }).nullable();

export const captchaResult = z.object({
  /** send back as `timestamp` with the answer in `code` */
  key: z.string(),
  /** an SVG image as a data URL */
  image: z.string(),
  expiresIn: z.number().int(),
});
export type CaptchaResult = z.infer<typeof captchaResult>;

export const captchaQuery = z.object({ account: z.string().trim().max(64).optional() });

export const aconfigInput = z.object({
  fkey: z.literal('ifSysplatsmscaptchaOpen', { error: '不支持的配置项' }),
});
export const aconfigResult = z.object({ fkey: z.string(), value: z.boolean() });

export const smsCodeInput = z.object({
  username: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64),
});
export const smsCodeResult = z.object({ sentTo: z.string(), expiresIn: z.number().int() });

export const menuType = { folder: 1, page: 2 } as const;

export interface MenuItem {
  id: string;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  type: number;
  sortCode: number;
  hasChildren: boolean;
  children: MenuItem[];
}

export const menuItem: z.ZodType<MenuItem> = z.object({
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  icon: z.string(),
  urlAddress: z.string(),
  type: z.number().int(),
  sortCode: z.number().int(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(menuItem);
  },
});

export const userInfo = z.object({
  userId: z.string(),
  userName: z.string(),
  userAccount: z.string(),
  /** the uploaded avatar's URL, or empty */
  avatar: z.string(),
  tenantCode: z.string(),
  tenantName: z.string(),
  positionIds: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })),
  roleIds: z.array(z.object({ id: z.string(), name: z.string() })),
  isAdministrator: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const currentUser = z.object({
  userInfo,
  menuList: z.array(menuItem),
  /** enCodes of every menu and button the user may use */
  permissionList: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const brandingQuery = z.object({ account: accountCode.optional() });

export const branding = z.object({
  code: z.string(),
  title: z.string(),
  logo: z.string(),
  favicon: z.string(),
  weatherLocation: z.string(),
  /** ICP filing number */
  icpNo: z.string(),
  /** public-security (公安) filing number */
  policeNo: z.string(),
  /** 1 /dataView, 2 /operationView, 3 /newDataView, other /demo */
  bigScreenType: z.number().int(),
  footerText: z.string(),
});
export type Branding = z.infer<typeof branding>;

/** What `/config.json` gives the browser at run time. */
export const runtimeConfig = z.object({
  apiBaseUrl: z.string(),
  amapKey: z.string(),
  amapSecurityCode: z.string(),
  weatherEnabled: z.boolean(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
