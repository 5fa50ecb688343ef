import { z } from 'zod';
import { boundedTime, maxPricedStayDays, stayLongerThan } from '../common/bounded-time.js';
import { endpoint, idParams } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';
import { enabledMarkFilter, parkingText } from './area.schema.js';
import { parkingLotParams } from './lot.endpoints.js';
import { parkingLot } from './lot.schema.js';
import { tariffRules, type Tariff, type TariffRules } from './tariff.schema.js';

/** 计费规则 under /api/system/Tariff; a lot's tariff is set under /api/system/Parking. */
export const tariffPaths = {
  list: '/api/system/Tariff',
  item: '/api/system/Tariff/:id',
  versions: '/api/system/Tariff/:id/Versions',
  trial: '/api/system/Tariff/Actions/Trial',
  lotTariff: '/api/system/Parking/:id/Tariff',
} as const;

/** an API time inside the business window (common/bounded-time.ts): no version or trial reaches back centuries */
const instant = (label: string) => boundedTime(label, `${label}格式不正确，应为 ISO 时间（如 2025-03-03T08:00:00+08:00）`);

export const tariffSaveInput = z.object({
  name: z.string({ error: '请输入计费规则名称' }).trim().min(1, '请输入计费规则名称').max(50, '计费规则名称不能超过50个字'),
  description: parkingText('描述', 500),
  enabled: z.boolean({ error: '启用状态只能是是或否' }).default(true),
  /** when the rules take effect; now when left out. A change of rules starts a new version from it. */
  effectiveFrom: instant('生效时间').optional(),
  rules: tariffRules,
});
export type TariffSaveInput = z.input<typeof tariffSaveInput>;
export type TariffSaveValues = z.output<typeof tariffSaveInput>;

/** An update may leave the rules out to change only the name, description or state. */
export const tariffUpdateInput = tariffSaveInput.extend({ rules: tariffRules.optional() });
export type TariffUpdateInput = z.input<typeof tariffUpdateInput>;
export type TariffUpdateValues = z.output<typeof tariffUpdateInput>;

export const tariffListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['name', 'createdAt'], { error: '不支持的排序字段' }).optional(),
  name: z.string().trim().max(50).optional(),
  enabled: enabledMarkFilter().optional(),
});
export type TariffListQuery = z.input<typeof tariffListQuery>;

export const tariffVersionSummary = z.object({
  id: z.string(),
  versionNo: z.number().int(),
  effectiveFrom: z.string(),
  /** null: in force until replaced */
  effectiveTo: z.string().nullable(),
});
export type TariffVersionSummary = z.infer<typeof tariffVersionSummary>;

export const tariffVersion = tariffVersionSummary.extend({ rules: z.custom<TariffRules>(), createdAt: z.string() });
export type TariffVersion = z.infer<typeof tariffVersion>;

export const tariffSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** the version in force now, or the first one still to come */
  currentVersion: tariffVersionSummary.nullable(),
  vehicleClasses: z.array(z.object({ code: z.string(), name: z.string() })),
  lotCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TariffSummary = z.infer<typeof tariffSummary>;
export const tariffPage = pagedList(tariffSummary);

export const tariffDetail = tariffSummary.extend({ rules: z.custom<TariffRules>().nullable() });
export type TariffDetail = z.infer<typeof tariffDetail>;

export const tariffTrialInput = z
  .object({
    /** a saved tariff: the version in force at entry is used */
    tariffId: z.uuid('计费规则编号格式不正确').optional(),
    /** rules not saved yet, e.g. from the editor */
    rules: tariffRules.optional(),
    enteredAt: instant('入场时间'),
    exitedAt: instant('出场时间'),
    vehicleClass: z.string({ error: '请选择车型' }).trim().min(1, '请选择车型').max(32, '车型编码最长32位'),
    paidAt: instant('缴费时间').optional(),
  })
  .superRefine((t, ctx) => {
    if ((t.tariffId === undefined) === (t.rules === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['tariffId'], message: '请选择计费规则或填写计费规则内容（二选一）' });
    }
    const enteredAt = new Date(t.enteredAt);
    const exitedAt = new Date(t.exitedAt);
    if (exitedAt < enteredAt) {
      ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: '出场时间不能早于入场时间' });
    } else if (stayLongerThan(enteredAt, exitedAt, maxPricedStayDays)) {
      ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: `试算的停车时长不能超过${maxPricedStayDays}天` });
    }
    // a payment after the exit would charge past it: the engine prices up to the payment when the car leaves within grace
    if (t.paidAt !== undefined && Date.parse(t.paidAt) > exitedAt.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['paidAt'], message: '缴费时间不能晚于出场时间' });
    }
  });
export type TariffTrialInput = z.input<typeof tariffTrialInput>;

export const tariffTrialResult = z.object({
  /** fen */
  amount: z.number().int(),
  breakdown: z.array(z.object({ label: z.string(), from: z.string(), to: z.string(), minutes: z.number().int(), units: z.number().int(), amount: z.number().int() })),
  freeReason: z.string().nullable(),
  chargedUntil: z.string(),
  /** the vehicle class priced */
  vehicleClass: z.object({ code: z.string(), name: z.string() }),
  /** the saved version used, when a tariffId was given */
  version: tariffVersionSummary.nullable(),
});
export type TariffTrialResult = z.infer<typeof tariffTrialResult>;

export const lotTariffInput = z.object({ tariffId: z.uuid('计费规则编号格式不正确').nullable() });
export type LotTariffInput = z.input<typeof lotTariffInput>;

/** The Shanghai calendar date of an instant, "YYYY-MM-DD". */
export const shanghaiDate = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The engine's tariff from stored rules and the validity of their version. */
export const tariffOf = (name: string, versionNo: number, effectiveFrom: Date, effectiveTo: Date | null, rules: TariffRules): Tariff => ({
  ...rules,
  name,
  version: versionNo,
  effectiveFrom: shanghaiDate(effectiveFrom),
  effectiveTo: effectiveTo === null ? null : shanghaiDate(effectiveTo),
});

const tariffParams = idParams('计费规则编号格式不正确');

export const tariffEndpoints = {
  list: endpoint({ method: 'GET', path: tariffPaths.list, query: tariffListQuery, answer: tariffPage }),
  trial: endpoint({ method: 'POST', path: tariffPaths.trial, body: tariffTrialInput, answer: tariffTrialResult }),
  versions: endpoint({ method: 'GET', path: tariffPaths.versions, params: tariffParams, answer: z.array(tariffVersion) }),
  detail: endpoint({ method: 'GET', path: tariffPaths.item, params: tariffParams, answer: tariffDetail }),
  create: endpoint({ method: 'POST', path: tariffPaths.list, body: tariffSaveInput, answer: tariffDetail }),
  update: endpoint({ method: 'PUT', path: tariffPaths.item, params: tariffParams, body: tariffUpdateInput, answer: tariffDetail }),
  remove: endpoint({ method: 'DELETE', path: tariffPaths.item, params: tariffParams, answer: z.null() }),
  /** a lot's tariff, set from the 停车场 page */
  lotTariff: endpoint({ method: 'PUT', path: tariffPaths.lotTariff, params: parkingLotParams, body: lotTariffInput, answer: parkingLot }),
};
