import { z } from 'zod';
import { pagedList } from '../common/paging.js';

/** messageType numbers, and what each one is about. */
export const messageTypes = {
  orderWarning: 1,
  carAuthentication: 2,
  carPhoneChange: 3,
  recordEditAudit: 4,
  complaint: 5,
  appeal: 7,
  /** raised when a device misses 3 heartbeat cycles; handled (status 1) once it is back */
  deviceOffline: 6,
  recordArrears: 8,
  invoice: 9,
  reconciliationMistake: 10,
} as const;

/** The menu page a user must hold to see a message type; the server filters by it. */
export const messageTypePermission: Readonly<Record<number, string>> = {
  1: 'OrderWarning',
  8: 'OrderWarning',
  2: 'CarAuthenticationAudit',
  3: 'carPhoneAudit',
  4: 'parkingOrderEditAudit',
  5: 'customerComplain',
  7: 'appeal',
  6: 'deviceOffline',
  9: 'invoiceRecord',
  10: 'accountCheckMistake',
};

/** The message dialog's tabs: 0 all, 1 order warnings, 2 appeal reviews, 3/4 offline devices, 5 finance. */
export const messageTabTypes: Readonly<Record<number, readonly number[]>> = {
  1: [1, 8],
  2: [2, 3, 4, 5, 7],
  5: [9, 10],
};
export const deviceOfflineTabs = { onRoad: 3, offRoad: 4 } as const;
/**
 * What tab 0 "all" lists: the types of tabs 1, 2 and 5. A device's outage is shown in tabs 3/4 as its
 * offline task, so its type-6 message is left to 系统管理 > 系统消息 rather than listed twice.
 */
export const allTabTypes: readonly number[] = [...messageTabTypes[1]!, ...messageTabTypes[2]!, ...messageTabTypes[5]!];

export const messageCounts = z.object({
  orderAlertcount: z.number().int(),
  reviewAppealcount: z.number().int(),
  deviceOfflineInCount: z.number().int(),
  deviceOfflineOutCount: z.number().int(),
  /** deviceOfflineInCount + deviceOfflineOutCount */
  deviceOfflineCount: z.number().int(),
  /** finance warnings: invoicing and reconciliation (types 9, 10) */
  kaipiaoCount: z.number().int(),
});
export type MessageCounts = z.infer<typeof messageCounts>;

export const messageCountQuery = z.strictObject({ status: z.coerce.number().int().min(0).max(1).default(0) });

/** `messageTypeList` comes as "1,8" or as a repeated parameter. */
const typeList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);
    const numbers = parts.map(Number);
    if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 99)) {
      ctx.addIssue({ code: 'custom', message: '消息类型必须是整数列表，如 1,8' });
      return z.NEVER;
    }
    return numbers;
  });

export const messageListQuery = z.strictObject({
  currentPage: z.coerce.number().int('页码必须是整数').min(1, '页码最小为1').default(1),
  pageSize: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数最小为1').max(1000, '每页条数最大为1000').default(50),
  status: z.coerce.number().int().min(0).max(1).optional(),
  messageTypeList: typeList,
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export const systemMessage = z.object({
  id: z.string(),
  messageName: z.string(),
  messageText: z.string(),
  messageType: z.number().int(),
  businessId: z.string(),
  status: z.number().int(),
  creatorTime: z.string(),
  lastModifyTime: z.string(),
});
export type SystemMessage = z.infer<typeof systemMessage>;
export const systemMessagePage = pagedList(systemMessage);

export const deviceOfflineQuery = z.strictObject({
  currentPage: z.coerce.number().int().min(1, '页码最小为1').default(1),
  pageSize: z.coerce.number().int().min(1).max(1000, '每页条数最大为1000').default(100),
  parkingType: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '停车场类型只能是 0（路内）或 1（路外）'),
});

export const deviceOfflineTask = z.object({
  id: z.string(),
  taskTypeName: z.string(),
  content: z.string(),
  deviceSn: z.string(),
  parkingType: z.number().int(),
  creatorTime: z.string(),
});
export type DeviceOfflineTask = z.infer<typeof deviceOfflineTask>;
export const deviceOfflinePage = pagedList(deviceOfflineTask);

export const messagePaths = {
  count: '/api/system/systemMessage/getCount',
  list: '/api/system/systemMessage',
  remove: '/api/system/systemMessage/:id',
  refresh: '/api/system/systemMessage/refresh',
  deviceOffline: '/api/system/systemAppTask/getDeviceOfflineList',
  /** the alert-count endpoint polled every 10 s (no fixed path: this one is ours) */
  alertCount: '/api/system/systemMessage/alertCount',
  export: '/api/system/systemMessage/Actions/Export',
} as const;

/** The finance position: in tenant mw a user whose first position it is sees finance only. */
export const financePositionCode = 'finance';
export const financeOnlyTenant = 'mw';

export const isFinanceOnly = (tenantCode: string, firstPositionCode: string | undefined) => tenantCode === financeOnlyTenant && firstPositionCode === financePositionCode;

/** The bell's badge: null with no data; 99+ is the display's business, not this sum. */
export const badgeCount = (counts: MessageCounts | null | undefined, viewer: { tenantCode: string; firstPositionCode: string | undefined }): number | null => {
  if (!counts) return null;
  if (isFinanceOnly(viewer.tenantCode, viewer.firstPositionCode)) return counts.kaipiaoCount;
  return counts.orderAlertcount + counts.reviewAppealcount + counts.deviceOfflineInCount + counts.deviceOfflineOutCount + counts.kaipiaoCount;
};

export const badgeText = (count: number | null) => (count === null ? null : count > 99 ? '99+' : String(count));

/** How the console and exports name each messageType. */
export const messageTypeNames: Readonly<Record<number, string>> = {
  1: '订单预警',
  8: '车辆布控预警',
  2: '车辆认证审核',
  3: '手机号变更审核',
  4: '订单修改审核',
  5: '客户投诉',
  7: '申诉审核',
  6: '设备离线',
  9: '开票申请',
  10: '对账差错',
};

export const messageStatusNames: Readonly<Record<number, string>> = { 0: '未处理', 1: '已处理' };
