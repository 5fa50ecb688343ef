import { z } from 'zod';

export const organizationPaths = {
  list: '/api/system/Permission/Organize',
  item: '/api/system/Permission/Organize/:id',
} as const;

/** Codes of organizations, positions and roles: what integrations and seeds refer to them by. */
export const identityCodePattern = /^[A-Za-z0-9_-]+$/;

export const identityCode = (label: string) =>
  z
    .string({ error: `请输入${label}编码` })
    .trim()
    .min(1, `请输入${label}编码`)
    .max(32, `${label}编码最长32位`)
    .regex(identityCodePattern, `${label}编码只能包含字母、数字、下划线和短横线`);

export const identityName = (label: string, max = 64) =>
  z
    .string({ error: `请输入${label}名称` })
    .trim()
    .min(1, `请输入${label}名称`)
    .max(max, `${label}名称最长${max}位`);

export const sortCodeField = z.coerce.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序最小为0').max(99999, '排序最大为99999').default(0);

export const organizationInput = z.object({
  parentId: z.uuid('上级组织编号格式不正确').nullable().default(null),
  name: identityName('组织'),
  code: identityCode('组织'),
  sortCode: sortCodeField,
});
export type OrganizationInput = z.input<typeof organizationInput>;
/** what the server works with once the input has passed validation */
export type OrganizationValues = z.output<typeof organizationInput>;

export const organization = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  sortCode: z.number().int(),
});
export type Organization = z.infer<typeof organization>;

export interface OrganizationNode extends Organization {
  children: OrganizationNode[];
}

export const organizationNode: z.ZodType<OrganizationNode> = z.object({
  ...organization.shape,
  get children() {
    return z.array(organizationNode);
  },
});
