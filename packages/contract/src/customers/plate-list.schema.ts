import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { plateNumberPattern } from '../common/filters.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { plateColourName } from '../system/dictionary.schema.js';

/** 黑白名单 (customer/blackWhiteList): one list of plates the lanes refuse (黑名单) or let stay free (白名单). */
export const plateListPaths = {
  ...resourcePaths('/api/system/BlackWhiteList'),
  /** 移除: the entry stays as history, with the reason it was taken off */
  remove: '/api/system/BlackWhiteList/:id/Actions/Remove',
} as const;

export const plateListTypes = ['black', 'white'] as const;
export type PlateListType = (typeof plateListTypes)[number];
export const plateListTypeNames: Readonly<Record<PlateListType, string>> = { black: '黑名单', white: '白名单' };

/** An entry's state at a moment: 未生效 (starts later), 生效中, 已过期, 已移除. */
export const plateListStates = ['pending', 'active', 'expired', 'removed'] as const;
export type PlateListState = (typeof plateListStates)[number];
export const plateListStateNames: Readonly<Record<PlateListState, string>> = { pending: '未生效', active: '生效中', expired: '已过期', removed: '已移除' };

/** What a lane's LED screen shows a black-listed plate it refuses. */
export const blackListDisplay = '黑名单车辆 禁止通行';
/** The fee breakdown's line for the part of a stay a white-list entry made free. */
export const whiteListFreeLabel = '白名单免费';

/** the longest reason (拉黑/加白原因, 移除原因) */
export const plateListReasonMax = 255;

const reason = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(plateListReasonMax, `${label}最长${plateListReasonMax}个字`);

const moment = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式应为 ISO 8601，如 2026-03-01T08:00:00+08:00` });

/**
 * 新增 / 编辑 an entry. Scope: every lot of the tenant (lotIds null) or the lots chosen. Validity:
 * 长期 (validFrom and validTo null), or from–to, the end after the start.
 */
export const plateListInput = z
  .strictObject({
    type: z.enum(plateListTypes, { error: '名单类型只能是黑名单或白名单' }),
    plateNumber: z.string({ error: '请输入车牌号' }).trim().toUpperCase().min(1, '请输入车牌号').regex(plateNumberPattern, '请输入正确的车牌号，如 粤B12345'),
    /** dictionary 车牌颜色 (plate_colour): 0 blue, 1 white, 2 yellow, 3 green, 4 black */
    plateColour: z.number({ error: '请选择车牌颜色' }).int('请选择车牌颜色').min(0, '请选择车牌颜色').max(4, '请选择车牌颜色').default(0),
    /** null: every lot of the tenant */
    lotIds: z
      .array(z.uuid({ error: '停车场编号格式不正确' }), { error: '请选择停车场' })
      .min(1, '请至少选择一个停车场，或选择全部车场')
      .max(200, '最多选择200个停车场')
      .nullable()
      .default(null),
    /** null with validTo null: 长期 */
    validFrom: moment('生效时间').nullable().default(null),
    validTo: moment('失效时间').nullable().default(null),
    reason: reason('原因'),
  })
  .superRefine((v, ctx) => {
    if ((v.validFrom === null) !== (v.validTo === null)) {
      ctx.addIssue({ code: 'custom', path: [v.validFrom === null ? 'validFrom' : 'validTo'], message: '请选择有效期的开始和结束时间，或选择长期' });
    } else if (v.validFrom !== null && v.validTo !== null && Date.parse(v.validTo) <= Date.parse(v.validFrom)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: '失效时间必须晚于生效时间' });
    }
    if (v.lotIds && new Set(v.lotIds).size !== v.lotIds.length) ctx.addIssue({ code: 'custom', path: ['lotIds'], message: '停车场不能重复选择' });
  });
export type PlateListInput = z.input<typeof plateListInput>;
export type PlateListValues = z.output<typeof plateListInput>;

export const plateListRemoveInput = z.strictObject({ reason: reason('移除原因') });
export type PlateListRemoveInput = z.input<typeof plateListRemoveInput>;

/** filters shared by the list and its export */
export const plateListFilter = z.strictObject({
  type: z.enum(plateListTypes, { error: '名单类型只能是黑名单或白名单' }).optional(),
  plateNumber: z.string().trim().toUpperCase().max(16, '车牌号最长16位').optional(),
  state: z.enum(plateListStates, { error: '状态只能是未生效、生效中、已过期或已移除' }).optional(),
  /** entries that apply at this lot: its own and those of every lot */
  lotId: z.uuid({ error: '停车场编号格式不正确' }).optional(),
});

export const plateListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['createdAt', 'plateNumber'], { error: '不支持的排序字段' }).optional(),
  ...plateListFilter.shape,
});
export type PlateListQuery = z.input<typeof plateListQuery>;
export type PlateListQueryValues = z.output<typeof plateListQuery>;

export const plateListEntry = z.object({
  id: z.string(),
  type: z.enum(plateListTypes),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  /** null: every lot of the tenant */
  lotIds: z.array(z.string()).nullable(),
  /** the chosen lots' names, in the order of lotIds; empty for every lot */
  lotNames: z.array(z.string()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  reason: z.string(),
  /** at the moment the answer was made */
  state: z.enum(plateListStates),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  removedAt: z.string().nullable(),
  removedBy: z.string().nullable(),
  removedByName: z.string().nullable(),
  removalReason: z.string().nullable(),
});
export type PlateListEntry = z.infer<typeof plateListEntry>;
export const plateListPage = pagedList(plateListEntry);

/** '长期', or the range as Shanghai wall times: '2026-03-01 08:00 至 2026-04-01 08:00'. */
export const plateListValidityText = (entry: Pick<PlateListEntry, 'validFrom' | 'validTo'>): string => {
  if (!entry.validFrom || !entry.validTo) return '长期';
  const wall = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  return `${wall(entry.validFrom)} 至 ${wall(entry.validTo)}`;
};

/** '全部车场', or the chosen lots' names. */
export const plateListScopeText = (entry: Pick<PlateListEntry, 'lotIds' | 'lotNames'>): string => (entry.lotIds === null ? '全部车场' : entry.lotNames.join('、'));

/** How a clash names the entry it meets: 黑名单「粤B12345」（蓝色，全部车场，长期）. */
export const plateListEntryText = (entry: Pick<PlateListEntry, 'type' | 'plateNumber' | 'plateColour' | 'lotIds' | 'lotNames' | 'validFrom' | 'validTo'>): string =>
  `${plateListTypeNames[entry.type]}「${entry.plateNumber}」（${plateColourName(entry.plateColour)}，${plateListScopeText(entry)}，${plateListValidityText(entry)}）`;
