import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { parkingLotParams } from '../parking/lot.endpoints.js';
import { lotEventRules, type BlacklistEntryRule, type DuplicateEntryRule, type ExitWithoutEntryRule, type GraceReentryRule, type LotEventRules } from './event-rules.schema.js';

/** 事件规则 of one lot, a sub-resource of the lot under /api/system/Parking (module parking). */
export const lotEventRulesPaths = {
  item: '/api/system/Parking/:id/EventRules',
} as const;

export const duplicateEntryRuleNames: Readonly<Record<DuplicateEntryRule, string>> = {
  're-open': '沿用在场记录',
  'close-old-abnormal': '异常关闭旧记录并新开',
};
export const exitWithoutEntryRuleNames: Readonly<Record<ExitWithoutEntryRule, string>> = {
  'charge-first-period': '收首时段费',
  free: '免费放行',
  hold: '待人工处理',
};
export const blacklistEntryRuleNames: Readonly<Record<BlacklistEntryRule, string>> = {
  warn: '预警放行',
  refuse: '拒绝入场',
};
export const graceReentryRuleNames: Readonly<Record<GraceReentryRule, string>> = {
  continue: '续用原订单',
  'new-stay': '新开订单',
};

/** the label of each rule, as the form, the operation log and the errors say it */
export const lotEventRuleLabels: Readonly<Record<keyof LotEventRules, string>> = {
  duplicateEntry: '重复入场',
  exitWithoutEntry: '无入场记录出场',
  firstPeriodMinutes: '首时段(分钟)',
  minConfidence: '最低识别置信度',
  longStayHours: '超长停车(小时)',
  maxStayDays: '最长计费(天)',
  blacklistEntry: '黑名单车辆入场',
  graceReentry: '缴费后免费时段内再次入场',
  arrearsAfterMinutes: '出场未缴费转欠费(分钟)',
};

/** what each rule does, told to the operator who sets it */
export const lotEventRuleHelp: Readonly<Record<keyof LotEventRules, string>> = {
  duplicateEntry: '车辆已在场又被入口识别时：沿用原在场记录不另开；或把旧记录标为异常关闭，再新开一条在场记录。',
  exitWithoutEntry: '出口识别到没有入场记录的车辆时：按首时段收费后抬杆；免费抬杆；或不抬杆，等值班人员处理。',
  firstPeriodMinutes: '无入场记录出场按“收首时段费”处理时，按出场前这么多分钟的停车计费。',
  minConfidence: '车牌识别置信度低于此值（0到1）时，停车记录标为异常，便于人工核对车牌。',
  longStayHours: '在场超过此小时数的车辆记为超长停车并产生预警。',
  maxStayDays: '停车超过此天数的订单只按此天数计费，并产生超长停车预警，由人工核实后处理。',
  blacklistEntry: '黑白名单中的黑名单车辆到达车道时：拒绝通行（默认），入口不抬杆、不生成停车记录，出口不抬杆；或产生“黑名单车辆入场”预警并放行。',
  graceReentry: '车辆缴费后在免费离场时段内再次入场时：继续使用原订单；或新开一条订单。',
  arrearsAfterMinutes: '车道型停车场的车辆出场后仍未缴费超过此分钟数，订单转为欠费并进入追缴。',
};

/** the number rules' bounds, the same as lotEventRules checks, for the form's inputs */
export const lotEventRuleRanges = {
  firstPeriodMinutes: { min: 1, max: 1440, step: 1 },
  minConfidence: { min: 0, max: 1, step: 0.05 },
  longStayHours: { min: 1, max: 24 * 365, step: 1 },
  maxStayDays: { min: 1, max: 365, step: 1 },
  arrearsAfterMinutes: { min: 1, max: 1440, step: 1 },
} as const satisfies Partial<Record<keyof LotEventRules, { min: number; max: number; step: number }>>;

/** the defaults a lot never configured reads as; 恢复默认 puts them back */
export const defaultLotEventRules: LotEventRules = lotEventRules.parse({});

/** PUT body: the rules left out take their defaults; a key that is not a rule is refused, not dropped */
export const lotEventRulesInput = z.strictObject(lotEventRules.shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `不支持的事件规则：${issue.keys.join('、')}` : undefined),
});
export type LotEventRulesBody = z.input<typeof lotEventRulesInput>;

/** GET answers the rules with defaults filled in; PUT saves the whole set, the rules left out back to default. */
export const lotEventRulesEndpoints = {
  detail: endpoint({ method: 'GET', path: lotEventRulesPaths.item, params: parkingLotParams, answer: lotEventRules }),
  update: endpoint({ method: 'PUT', path: lotEventRulesPaths.item, params: parkingLotParams, body: lotEventRulesInput, answer: lotEventRules }),
};
