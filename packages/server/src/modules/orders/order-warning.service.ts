import {
  abnormalReasonNames,
  formatAmount,
  orderWarningCategoryNames,
  orderWarningKindCategory,
  orderWarningKindNames,
  orderWarningMessageType,
  type AbnormalReason,
  type OrderWarning,
  type OrderWarningHandleInput,
  type OrderWarningKind,
  type OrderWarningListValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { recordOperation } from '../system/index.js';
import {
  arrearsOf,
  closeWarning,
  findListedWarning,
  findOpenRecordlessWarning,
  insertWarning,
  lotName,
  pageWarnings,
  type ListedWarningRow,
  type OrderWarningRow,
} from './order-warning.repository.js';

export const orderWarningTarget = 'orderWarning';

export interface WarningInput {
  tenantId: string;
  /** the record it is about; null when there is none (an entry refused at the barrier) */
  recordId: string | null;
  lotId: string;
  plateNumber: string;
  kind: OrderWarningKind;
  /** what was seen, in a few Chinese words; named in the message */
  detail?: string;
}

const plateText = (plate: string) => (plate === '' ? '未识别车牌' : `车牌「${plate}」`);

/**
 * Raises one 订单预警 and its system message (type 1 for 订单异常, 8 for 车辆布控), in the caller's
 * transaction. A record already warned of the same kind gets no second warning: undefined is returned.
 */
export const raiseWarning = async (tx: Db, input: WarningInput): Promise<OrderWarningRow | undefined> => {
  const category = orderWarningKindCategory[input.kind];
  const detail = input.detail ?? '';
  const warning = await insertWarning(tx, {
    tenantId: input.tenantId,
    recordId: input.recordId,
    lotId: input.lotId,
    plateNumber: input.plateNumber,
    kind: input.kind,
    category,
    detail,
  });
  if (!warning) return undefined;
  const kindName = orderWarningKindNames[input.kind];
  await raiseMessage(tx, {
    tenantId: input.tenantId,
    messageType: orderWarningMessageType[category],
    messageName: `${orderWarningCategoryNames[category]}：${kindName}`,
    messageText: `${plateText(input.plateNumber)}在「${await lotName(tx, input.tenantId, input.lotId)}」${kindName}${detail ? `，${detail}` : ''}`,
    businessId: warning.id,
  });
  return warning;
};

/** The abnormal reasons of a record that are 订单异常 warnings (the others, such as no_tariff, are not). */
const warnedReasons: readonly AbnormalReason[] = ['duplicate_entry', 'exit_without_entry', 'long_stay', 'low_confidence'];

/** One warning per category-1 reason a record carries; reasons warned of before raise nothing again. */
export const raiseRecordWarnings = async (
  tx: Db,
  record: { tenantId: string; id: string; lotId: string; plateNumber: string; abnormalReasons: AbnormalReason[] },
  details: Partial<Record<AbnormalReason, string>> = {},
) => {
  const raised: OrderWarningRow[] = [];
  for (const reason of record.abnormalReasons.filter((r) => warnedReasons.includes(r))) {
    const warning = await raiseWarning(tx, {
      tenantId: record.tenantId,
      recordId: record.id,
      lotId: record.lotId,
      plateNumber: record.plateNumber,
      kind: reason as OrderWarningKind,
      detail: details[reason] ?? abnormalReasonNames[reason],
    });
    if (warning) raised.push(warning);
  }
  return raised;
};

/**
 * 车辆布控 on an entry: a black-listed plate and a plate with records left unpaid anywhere in the tenant
 * each raise a warning. An entry refused at the barrier has no record; while its warning is open, the
 * plate trying again raises no second one. A black-listed plate refused at an exit warns of its stay
 * (of nothing, without one), and says nothing of arrears.
 */
export const raiseEntryWarnings = async (
  tx: Db,
  entry: {
    tenantId: string;
    lotId: string;
    plateNumber: string;
    recordId: string | null;
    blacklisted: { reason: string } | undefined;
    refused: boolean;
    /** refused at an exit rather than an entry */
    exit?: boolean;
    /** the plate's arrears when the caller has read them already */
    arrears?: { records: number; owed: number };
  },
) => {
  if (entry.plateNumber === '') return [];
  const raised: OrderWarningRow[] = [];
  const raise = async (kind: OrderWarningKind, detail: string) => {
    if (entry.recordId === null && (await findOpenRecordlessWarning(tx, entry.tenantId, entry.lotId, entry.plateNumber, kind))) return;
    const warning = await raiseWarning(tx, { tenantId: entry.tenantId, recordId: entry.recordId, lotId: entry.lotId, plateNumber: entry.plateNumber, kind, detail });
    if (warning) raised.push(warning);
  };
  if (entry.blacklisted) await raise('blacklist_entry', `拉黑原因：${entry.blacklisted.reason}${entry.refused ? (entry.exit ? '；已拒绝出场' : '；已拒绝入场') : ''}`);
  if (entry.exit) return raised;
  const arrears = entry.arrears ?? (await arrearsOf(tx, entry.tenantId, entry.plateNumber));
  if (arrears.records > 0) await raise('arrears_entry', `有${arrears.records}笔欠费订单，共欠${formatAmount(arrears.owed)}元`);
  return raised;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toWarning = ({ warning: w, lotName: name, handledByName }: ListedWarningRow): OrderWarning => ({
  id: w.id,
  recordId: w.recordId,
  lotId: w.lotId,
  lotName: name,
  plateNumber: w.plateNumber,
  kind: w.kind,
  category: w.category,
  state: w.state,
  detail: w.detail,
  remark: w.remark,
  handledBy: w.handledBy,
  handledByName,
  handledAt: iso(w.handledAt),
  createdAt: w.createdAt.toISOString(),
});

export const listOrderWarnings = async (db: Db, auth: AuthContext, query: OrderWarningListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageWarnings(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toWarning);
};

export const getOrderWarning = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findListedWarning(db, auth.tenantId, id);
  if (!row) throw notFound('订单预警不存在');
  return toWarning(row);
};

/** 处理: closes an open warning at `at` (the app's clock) with the handler's remark and marks its system message handled. */
export const handleOrderWarning = async (db: Db, auth: AuthContext, id: string, input: Required<OrderWarningHandleInput>, at: Date) => {
  const before = await getOrderWarning(db, auth, id);
  if (before.state === 'closed') throw conflict('该预警已处理，不能重复处理');
  const closed = await closeWarning(db, auth.tenantId, id, { remark: input.remark, handledBy: auth.userId, handledAt: at });
  if (!closed) throw conflict('该预警已处理，不能重复处理');
  await markMessagesHandled(db, auth.tenantId, orderWarningMessageType[before.category], id, at);
  const after = await getOrderWarning(db, auth, id);
  await recordOperation(db, auth, {
    module: 'orders',
    action: 'update',
    target: orderWarningTarget,
    targetId: id,
    summary: `处理订单预警「${before.plateNumber} ${orderWarningKindNames[before.kind]}」：${input.remark}`,
    before,
    after,
  });
  return after;
};
