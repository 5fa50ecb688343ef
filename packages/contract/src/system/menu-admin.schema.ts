import { z } from 'zod';
import { sortCodeField } from './organization.schema.js';

export const menuAdminPaths = {
  list: '/api/system/Permission/Menu',
  item: '/api/system/Permission/Menu/:id',
} as const;

/**
 * The antd icon names a menu may use: the seeded catalogue's and the console's whitelist
 * (packages/web/src/shared/icons/menu-icons.tsx), which bundles exactly these.
 */
export const menuIconNames = [
  'AccountBookOutlined',
  'AlertOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BarChartOutlined',
  'BookOutlined',
  'BorderOutlined',
  'BugOutlined',
  'CalculatorOutlined',
  'CarOutlined',
  'ClusterOutlined',
  'CloudDownloadOutlined',
  'CreditCardOutlined',
  'CustomerServiceOutlined',
  'DesktopOutlined',
  'DisconnectOutlined',
  'EnvironmentOutlined',
  'ExceptionOutlined',
  'FileDoneOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'GiftOutlined',
  'GlobalOutlined',
  'HistoryOutlined',
  'IdcardOutlined',
  'MenuOutlined',
  'MessageOutlined',
  'MobileOutlined',
  'NodeIndexOutlined',
  'PayCircleOutlined',
  'ProfileOutlined',
  'ReconciliationOutlined',
  'RollbackOutlined',
  'SafetyCertificateOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'SolutionOutlined',
  'StopOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'UnorderedListOutlined',
  'UserOutlined',
  'VideoCameraOutlined',
  'WarningOutlined',
  'WifiOutlined',
] as const;
export type MenuIconName = (typeof menuIconNames)[number];

export const menuTypeNames: Readonly<Record<number, string>> = { 1: '目录', 2: '页面' };
/** Menus nest up to three levels. */
export const menuMaxDepth = 3;
export const menuEnCodePattern = /^[A-Za-z][A-Za-z0-9_]*$/;
/** a page's route, `folder/page` as in the catalogue */
export const menuUrlPattern = /^[A-Za-z0-9_/-]*$/;

export const menuInput = z
  .object({
    parentId: z.uuid('上级菜单编号格式不正确').nullable().default(null),
    fullName: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(32, '菜单名称最长32位'),
    enCode: z.string({ error: '请输入菜单编码' }).trim().min(1, '请输入菜单编码').max(64, '菜单编码最长64位').regex(menuEnCodePattern, '菜单编码只能包含字母、数字和下划线，且以字母开头'),
    icon: z.enum(menuIconNames, { error: '图标只能从图标库中选择' }),
    urlAddress: z.string().trim().max(128, '路由地址最长128位').regex(menuUrlPattern, '路由地址只能包含字母、数字和 _ / -，如 system/user').default(''),
    type: z.coerce
      .number()
      .int()
      .refine((v) => v === 1 || v === 2, '菜单类型只能是 1（目录）或 2（页面）'),
    sortCode: sortCodeField,
    enabled: z.boolean({ error: '启用状态只能是 true 或 false' }).default(true),
  })
  .superRefine((menu, context) => {
    if (menu.type === 2 && menu.urlAddress === '') {
      context.addIssue({ code: 'custom', path: ['urlAddress'], message: '页面必须填写路由地址，如 system/user' });
    }
    if (menu.type === 1 && menu.urlAddress !== '') {
      context.addIssue({ code: 'custom', path: ['urlAddress'], message: '目录不能填写路由地址' });
    }
  });
export type MenuInput = z.input<typeof menuInput>;
/** what the server works with once the input has passed validation */
export type MenuValues = z.output<typeof menuInput>;

export const menuAdminItem = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  fullName: z.string(),
  enCode: z.string(),
  icon: z.string(),
  urlAddress: z.string(),
  type: z.number().int(),
  sortCode: z.number().int(),
  enabled: z.boolean(),
});
export type MenuAdminItem = z.infer<typeof menuAdminItem>;

export interface MenuAdminNode extends MenuAdminItem {
  children: MenuAdminNode[];
}

export const menuAdminNode: z.ZodType<MenuAdminNode> = z.object({
  ...menuAdminItem.shape,
  get children() {
    return z.array(menuAdminNode);
  },
});
