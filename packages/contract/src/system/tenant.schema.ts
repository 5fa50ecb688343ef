import { z } from 'zod';
import { branding, md5Hex } from '../auth/auth.schema.js';
import { pagedList, pageQuery } from '../common/paging.js';

export const tenantPaths = {
  list: '/api/system/Tenant',
  item: '/api/system/Tenant/:id',
  upload: '/api/system/Tenant/:id/Actions/Upload/:kind',
} as const;

/** The two brand images a tenant uploads; each shows on the login page and in the browser tab. */
export const brandImageKinds = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof brandImageKinds)[number];

/** The big-screen views, by the tenant's bigScreenType. */
export const bigScreenTypeNames: Readonly<Record<number, string>> = {
  1: '数据大屏',
  2: '运营大屏',
  3: '新版数据大屏',
};

/**
 * How long a tenant's raw device data is kept (the retention job, orders/record-retention.job.ts):
 * the photos of settled parking records, and the raw vehicle events devices sent. Records themselves,
 * their money and their audit are kept whatever these say.
 */
export const retentionDayBounds = { min: 30, max: 3650 } as const;
export const retentionDefaults = { photoRetentionDays: 365, eventRetentionDays: 180 } as const;

const retentionDays = (label: string, fallback: number) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}应为整数天`)
    .min(retentionDayBounds.min, `${label}至少${retentionDayBounds.min}天`)
    .max(retentionDayBounds.max, `${label}最多${retentionDayBounds.max}天`)
    .default(fallback);

const text = (max: number, label: string) => z.string().trim().max(max, `${label}最长${max}位`).default('');

/** What a platform administrator edits on every tenant: its name and branding. */
const tenantFields = {
  name: z.string({ error: '请输入企业名称' }).trim().min(2, '企业名称至少2个字').max(64, '企业名称最长64个字'),
  title: z.string({ error: '请输入平台标题' }).trim().min(2, '平台标题至少2个字').max(32, '平台标题最长32个字'),
  /** QWeather location id (e.g. 101010100) or "lng,lat" */
  weatherLocation: text(32, '天气位置').refine((v) => v === '' || /^\d{9}$/.test(v) || /^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/.test(v), '天气位置应为9位城市编码或“经度,纬度”'),
  icpNo: text(64, 'ICP备案号'),
  policeNo: text(64, '公安备案号'),
  bigScreenType: z.coerce
    .number({ error: '请选择大屏类型' })
    .int()
    .refine((v) => v in bigScreenTypeNames, '大屏类型只能是 1、2 或 3'),
  footerText: text(128, '页脚文字'),
  smsCaptchaOpen: z.boolean().default(false),
  enabled: z.boolean().default(true),
  /** days the photos of settled records are kept; those of records still owed or parked stay as evidence */
  photoRetentionDays: retentionDays('过车照片保留天数', retentionDefaults.photoRetentionDays),
  /** days the raw vehicle events (what devices sent, kept to answer resends) are kept */
  eventRetentionDays: retentionDays('原始过车事件保留天数', retentionDefaults.eventRetentionDays),
};

/** The account code travels in URLs and cookies (`?account=`), so it stays short and plain. */
export const tenantCode = z
  .string({ error: '请输入租户编码' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_-]{1,31}$/, '租户编码为2-32位小写字母、数字、_ 或 -，以字母开头');

export const tenantCreateInput = z.object({
  code: tenantCode,
  ...tenantFields,
  /** the new tenant's first administrator, who then sets up everyone else */
  adminAccount: z
    .string({ error: '请输入管理员账号' })
    .trim()
    .min(2, '管理员账号至少2位')
    .max(32, '管理员账号最长32位')
    .regex(/^[A-Za-z0-9_.@-]+$/, '管理员账号只能包含字母、数字和 _ . @ -'),
  adminPassword: md5Hex,
});
export const tenantUpdateInput = z.object(tenantFields);
export type TenantCreateInput = z.input<typeof tenantCreateInput>;
export type TenantUpdateInput = z.input<typeof tenantUpdateInput>;

export const tenantListQuery = z.strictObject({
  ...pageQuery.shape,
  keyword: z.string().trim().max(64).optional(),
  enabled: z.enum(['0', '1'], { error: '状态只能是 1（启用）或 0（停用）' }).optional(),
});
export type TenantListQuery = z.input<typeof tenantListQuery>;

/** A tenant as platform administrators see it: its public branding and the rest. */
export const tenant = branding.extend({
  id: z.string(),
  name: z.string(),
  smsCaptchaOpen: z.boolean(),
  enabled: z.boolean(),
  /** the platform's own tenant, whose administrators manage every tenant */
  isPlatform: z.boolean(),
  photoRetentionDays: z.number().int(),
  eventRetentionDays: z.number().int(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenant>;
export const tenantPage = pagedList(tenant);

export const uploadedImage = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

/** Upload limits shared by the form (checked before sending) and the server (checked again). */
export const imageUploadRules = {
  logo: { maxBytes: 2 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  favicon: { maxBytes: 256 * 1024, types: ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/gif'] },
  avatar: { maxBytes: 2 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
} as const;
export type ImageUploadPurpose = keyof typeof imageUploadRules;

const imageTypeNames: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
};

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024}MB` : `${bytes / 1024}KB`);

/** What the form and the server say about an upload's rules, in the same words. */
export const imageUploadMessages = (purpose: ImageUploadPurpose) => {
  const rules = imageUploadRules[purpose];
  const types = [...new Set(rules.types.map((t) => imageTypeNames[t]))].join('、');
  return {
    wrongType: `只能上传 ${types} 格式的图片`,
    tooLarge: `图片不能超过${sizeText(rules.maxBytes)}`,
    empty: '请选择要上传的图片',
    hint: `${types}，不超过${sizeText(rules.maxBytes)}`,
  };
};
