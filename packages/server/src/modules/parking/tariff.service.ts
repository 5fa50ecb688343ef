import {
  fee,
  tariffOf,
  type ParkingLot,
  type Tariff,
  type TariffDetail,
  type TariffRules,
  type TariffSaveValues,
  type TariffSummary,
  type TariffTrialResult,
  type TariffUpdateValues,
  type TariffVersion,
  type TariffVersionSummary,
} from '@parking/contract';
import type { z } from 'zod';
import type { tariffListQuery, tariffTrialInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { getParkingLot, parkingLotTarget } from './parking-lot.service.js';
import { updateParkingLotRow } from './parking-lot.repository.js';
import {
  deleteTariffRow,
  endTariffVersion,
  insertTariff,
  insertTariffVersion,
  updateTariffRow,
  type TariffRow,
  type TariffVersionRow,
  findTariff,
  findVersionAt,
  listTariffVersions,
  lotNamesUsing,
  pageTariffs,
  recordsPricedBy,
  tariffLotCounts,
  tariffNameTaken,
} from './tariff.repository.js';

/** the operation-log target of every tariff change */
export const tariffTarget = 'tariff';

const summaryOf = (v: TariffVersionRow): TariffVersionSummary => ({
  id: v.id,
  versionNo: v.versionNo,
  effectiveFrom: v.effectiveFrom.toISOString(),
  effectiveTo: v.effectiveTo?.toISOString() ?? null,
});
const versionOf = (v: TariffVersionRow): TariffVersion => ({ ...summaryOf(v), rules: v.rules, createdAt: v.createdAt.toISOString() });

/** The version in force at `at`, or else the earliest one still to come. */
const currentOf = (versions: TariffVersionRow[], at: Date): TariffVersionRow | undefined =>
  versions.find((v) => v.effectiveFrom <= at && (v.effectiveTo === null || at < v.effectiveTo)) ??
  versions.filter((v) => v.effectiveFrom > at).sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime())[0];

const toDetail = (row: TariffRow, versions: TariffVersionRow[], lotCount: number): TariffDetail => {
  const current = currentOf(versions, new Date());
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    currentVersion: current ? summaryOf(current) : null,
    vehicleClasses: (current?.rules.vehicleClasses ?? []).map(({ code, name }) => ({ code, name })),
    lotCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rules: current?.rules ?? null,
  };
};

const describe = async (db: Db, tenantId: string, rows: TariffRow[]) => {
  const ids = rows.map((r) => r.id);
  const [versions, lots] = await Promise.all([listTariffVersions(db, tenantId, ids), tariffLotCounts(db, tenantId, ids)]);
  return rows.map((r) =>
    toDetail(
      r,
      versions.filter((v) => v.tariffId === r.id),
      lots.get(r.id) ?? 0,
    ),
  );
};

export const listTariffs = async (db: Db, auth: AuthContext, query: z.output<typeof tariffListQuery>) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageTariffs(db, auth.tenantId, filter, page);
  return pageAnswer(await describe(db, auth.tenantId, rows), page, total, ({ rules: _rules, ...summary }): TariffSummary => summary);
};

export const getTariff = async (db: Db, auth: AuthContext, id: string): Promise<TariffDetail> => {
  const row = await findTariff(db, auth.tenantId, id);
  if (!row) throw notFound('计费规则不存在或已删除');
  const [detail] = await describe(db, auth.tenantId, [row]);
  return detail!;
};

export const listVersions = async (db: Db, auth: AuthContext, id: string): Promise<TariffVersion[]> => {
  await getTariff(db, auth, id);
  return (await listTariffVersions(db, auth.tenantId, [id])).map(versionOf);
};

/**
 * The version of a tariff in force at `at` as the engine's tariff; a record prices its stay with
 * the version in force at entry. Undefined when no version covers that moment.
 */
export const versionAt = async (db: Db, tenantId: string, tariffId: string, at: Date) => {
  const row = await findTariff(db, tenantId, tariffId);
  const version = row && (await findVersionAt(db, tenantId, tariffId, at));
  if (!row || !version) return undefined;
  const tariff: Tariff = tariffOf(row.name, version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules);
  return { version: summaryOf(version), tariff };
};

/** JSON with sorted keys: jsonb hands objects back in its own key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: unknown, after?: unknown) =>
  recordOperation(db, auth, { module: 'parking', action, target: tariffTarget, targetId: id, summary, before, after });

export const createTariff = async (db: Db, auth: AuthContext, input: TariffSaveValues) => {
  if (await tariffNameTaken(db, auth.tenantId, input.name)) throw conflict(`计费规则名称「${input.name}」已存在`, 'name');
  const id = await insertTariff(db, auth.tenantId, { name: input.name, description: input.description, enabled: input.enabled });
  const effectiveFrom = input.effectiveFrom ? new Date(input.effectiveFrom) : new Date();
  await insertTariffVersion(db, auth.tenantId, { tariffId: id, versionNo: 1, effectiveFrom, rules: input.rules });
  const created = await getTariff(db, auth, id);
  await log(db, auth, 'create', created.id, `新增计费规则「${created.name}」`, undefined, created);
  return created;
};

const shanghaiText = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Changed rules start a new version from `effectiveFrom` (now when left out); the latest version ends there. */
const addVersion = async (db: Db, tenantId: string, tariffId: string, rules: TariffRules, effectiveFrom: Date) => {
  const [latest] = await listTariffVersions(db, tenantId, [tariffId]);
  if (latest && canonical(latest.rules) === canonical(rules)) return undefined;
  if (latest && effectiveFrom <= latest.effectiveFrom) {
    throw badRequest(`新版本的生效时间须晚于第${latest.versionNo}版的生效时间（${shanghaiText(latest.effectiveFrom)}）`);
  }
  const versionNo = (latest?.versionNo ?? 0) + 1;
  if (latest) await endTariffVersion(db, tenantId, latest.id, effectiveFrom);
  await insertTariffVersion(db, tenantId, { tariffId, versionNo, effectiveFrom, rules });
  return versionNo;
};

export const updateTariff = async (db: Db, auth: AuthContext, id: string, input: TariffUpdateValues) => {
  const before = await getTariff(db, auth, id);
  if (await tariffNameTaken(db, auth.tenantId, input.name, id)) throw conflict(`计费规则名称「${input.name}」已存在`, 'name');
  const versionNo = input.rules ? await addVersion(db, auth.tenantId, id, input.rules, input.effectiveFrom ? new Date(input.effectiveFrom) : new Date()) : undefined;
  await updateTariffRow(db, auth.tenantId, id, { name: input.name, description: input.description, enabled: input.enabled });
  const after = await getTariff(db, auth, id);
  const summary = `修改计费规则「${after.name}」${versionNo ? `，新增第${versionNo}版` : ''}`;
  await log(db, auth, 'update', id, summary, before, after);
  return after;
};

export const deleteTariff = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getTariff(db, auth, id);
  const lots = await lotNamesUsing(db, auth.tenantId, id);
  if (lots.length > 0) {
    const shown = lots
      .slice(0, 3)
      .map((n) => `「${n}」`)
      .join('、');
    throw badRequest(`计费规则「${before.name}」正被停车场${shown}${lots.length > 3 ? `等${lots.length}个停车场` : ''}使用，请先为其更换计费规则`);
  }
  // a record keeps the version in force at entry: deleting it would take that away
  const records = await recordsPricedBy(db, auth.tenantId, id);
  if (records > 0) throw badRequest(`计费规则「${before.name}」已有${records}条停车记录按其计费，不能删除，可将其停用`);
  await deleteTariffRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除计费规则「${before.name}」`, before);
};

/** 计费试算: a saved tariff's version in force at entry, or rules from the editor, priced by the engine. Writes nothing. */
export const trialFee = async (db: Db, auth: AuthContext, input: z.output<typeof tariffTrialInput>): Promise<TariffTrialResult> => {
  const enteredAt = new Date(input.enteredAt);
  let tariff: Tariff;
  let version: TariffVersionSummary | null = null;
  if (input.tariffId) {
    const row = await findTariff(db, auth.tenantId, input.tariffId);
    if (!row) throw notFound('计费规则不存在或已删除');
    const found = await versionAt(db, auth.tenantId, input.tariffId, enteredAt);
    if (!found) throw badRequest(`计费规则「${row.name}」在入场时间（${shanghaiText(enteredAt)}）没有生效的版本`);
    ({ tariff, version } = found);
  } else {
    tariff = tariffOf('试算', 1, enteredAt, null, input.rules!);
  }
  if (!tariff.vehicleClasses.some((c) => c.code === input.vehicleClass)) {
    const known = tariff.vehicleClasses.map((c) => `${c.name}（${c.code}）`).join('、');
    throw badRequest(`计费规则没有车型「${input.vehicleClass}」，可选：${known}`);
  }
  const result = fee(tariff, enteredAt, new Date(input.exitedAt), {
    vehicleClass: input.vehicleClass,
    ...(input.paidAt ? { paidAt: new Date(input.paidAt) } : {}),
  });
  return {
    amount: result.amount,
    breakdown: result.breakdown.map((l) => ({ ...l, from: l.from.toISOString(), to: l.to.toISOString() })),
    freeReason: result.freeReason ?? null,
    chargedUntil: result.chargedUntil.toISOString(),
    vehicleClass: result.vehicleClass,
    version,
  };
};

/** Sets (or clears) the tariff of a lot; a disabled tariff cannot be given to a lot. */
export const assignLotTariff = async (db: Db, auth: AuthContext, lotId: string, tariffId: string | null): Promise<ParkingLot> => {
  const before = await getParkingLot(db, auth, lotId);
  const tariff = tariffId === null ? undefined : await findTariff(db, auth.tenantId, tariffId);
  if (tariffId !== null && !tariff) throw badRequest('所选计费规则不存在');
  if (tariff && !tariff.enabled) throw badRequest(`计费规则「${tariff.name}」已停用，不能分配给停车场`);
  const previous = before.tariffId ? (await findTariff(db, auth.tenantId, before.tariffId))?.name : undefined;
  await updateParkingLotRow(db, auth.tenantId, lotId, { tariffId });
  const after = await getParkingLot(db, auth, lotId);
  const summary = `停车场「${after.name}」计费规则：${previous ?? '无'} → ${tariff?.name ?? '无'}`;
  await recordOperation(db, auth, { module: 'parking', action: 'update', target: parkingLotTarget, targetId: lotId, summary, before, after });
  return after;
};
