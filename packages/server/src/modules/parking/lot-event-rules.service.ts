import { blacklistEntryRuleNames, duplicateEntryRuleNames, eventRulesOf, exitWithoutEntryRuleNames, graceReentryRuleNames, lotEventRuleLabels, type LotEventRules } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { findParkingLot, updateParkingLotRow } from './parking-lot.repository.js';
import { parkingLotTarget } from './parking-lot.service.js';

const requireLot = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findParkingLot(db, auth.tenantId, id);
  if (!row) throw notFound('停车场不存在或已删除');
  return row.lot;
};

/** A lot's 事件规则 as the vehicle event engine reads them: what was never set reads as the default. */
export const getLotEventRules = async (db: Db, auth: AuthContext, id: string): Promise<LotEventRules> => eventRulesOf((await requireLot(db, auth, id)).eventRules);

const optionNames: { [K in keyof LotEventRules]?: Readonly<Record<string, string>> } = {
  duplicateEntry: duplicateEntryRuleNames,
  exitWithoutEntry: exitWithoutEntryRuleNames,
  blacklistEntry: blacklistEntryRuleNames,
  graceReentry: graceReentryRuleNames,
};
const shown = (key: keyof LotEventRules, value: LotEventRules[keyof LotEventRules]) => optionNames[key]?.[String(value)] ?? String(value);

/** "重复入场：沿用在场记录 → 异常关闭旧记录并新开；…" for the rules that changed */
const describeChanges = (before: LotEventRules, after: LotEventRules) =>
  (Object.keys(lotEventRuleLabels) as (keyof LotEventRules)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => `${lotEventRuleLabels[key]}：${shown(key, before[key])} → ${shown(key, after[key])}`)
    .join('；');

/**
 * Replaces a lot's 事件规则 with `rules` (already parsed, so the rules left out hold their defaults);
 * the next vehicle event of the lot follows them. Logged with before and after.
 */
export const saveLotEventRules = async (db: Db, auth: AuthContext, id: string, rules: LotEventRules): Promise<LotEventRules> => {
  const lot = await requireLot(db, auth, id);
  const before = eventRulesOf(lot.eventRules);
  await updateParkingLotRow(db, auth.tenantId, id, { eventRules: rules });
  const after = await getLotEventRules(db, auth, id);
  const changes = describeChanges(before, after);
  await recordOperation(db, auth, {
    module: 'parking',
    action: 'update',
    target: parkingLotTarget,
    targetId: id,
    summary: `修改停车场「${lot.name}」事件规则${changes ? `：${changes}` : '（无变化）'}`,
    before,
    after,
  });
  return after;
};
