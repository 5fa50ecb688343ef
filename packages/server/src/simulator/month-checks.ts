import { sql } from 'drizzle-orm';
import {
  businessDayStart,
  invoicePaths,
  paymentChannels,
  reconciliationMistakePaths,
  revenueReportPaths,
  type Invoice,
  type PaymentChannel,
  type ReconciliationMistake,
  type RevenueReport,
} from '@parking/contract';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/json-row.js';
import { revenueDrift } from '../modules/finance/index.js';
import { mustOk, type AppCall } from './month-api.js';
import type { InjectedMistake, MonthFigures } from './month-figures.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface MonthChecks {
  ok: boolean;
  checks: Check[];
  report: RevenueReport['totals'];
  /** plain sums of the tables over the same days */
  sums: { received: number; byChannel: Record<PaymentChannel, number>; refunded: number; recovered: number };
  mistakes: { injected: number; found: number; resolved: number; unhandledAfter: number };
  /** coupons used at exits in the range and what they took off, fen */
  coupons: { used: number; discount: number };
}

const dayMs = 24 * 60 * 60 * 1000;
const keyOf = (m: { kind: string; orderNo: string }) => `${m.kind} ${m.orderNo}`;

/**
 * What must hold at the end of the month: every record's money adds up; reconciliation found
 * exactly the injected mistakes and resolving them leaves none; the revenue report (through its
 * API) equals plain sums of payments and refunds, and its kept daily rows equal their
 * recomputation from the source tables. The money is checked after the resolutions, since a
 * trade booked from the bill is a payment too.
 */
export const checkMonth = async (input: {
  call: AppCall;
  db: Db;
  tenantId: string;
  admin: string;
  from: string;
  to: string;
  injected: InjectedMistake[];
  figures: MonthFigures;
}): Promise<MonthChecks> => {
  const { call, db, tenantId, admin, from, to, injected } = input;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  // reconciliation: exactly the injected mistakes, kinds and order numbers
  const listMistakes = async (status?: string) =>
    (
      await mustOk(
        call<{ list: ReconciliationMistake[]; pagination: { total: number } }>('GET', `${reconciliationMistakePaths.list}?currentPage=1&pageSize=1000${status ? `&status=${status}` : ''}`, {
          token: admin,
        }),
        '对账差错',
      )
    ).list;
  const found = await listMistakes();
  const want = injected.map(keyOf).sort();
  const got = found.map(keyOf).sort();
  check('对账找到的差错恰为注入的差错', JSON.stringify(want) === JSON.stringify(got), `注入 [${want.join('; ')}]，找到 [${got.join('; ')}]`);
  let resolved = 0;
  for (const mistake of found.filter((m) => m.status === 'unhandled')) {
    // a trade the provider holds and we never booked is booked from the bill, or, when its car's arrears were
    // paid meanwhile (the car came back and paid them at an exit), given back as a duplicate; the others keep our records
    const resolution = mistake.kind === 'our_missing' ? (mistake.resolutions.includes('channel') ? 'channel' : 'refund') : 'ours';
    await mustOk(
      call('POST', reconciliationMistakePaths.resolve.replace(':id', mistake.id), { token: admin, body: { resolution, remark: '仿真：核实后处理' } }),
      `处理差错 ${mistake.orderNo}`,
    );
    resolved += 1;
  }
  const left = [...(await listMistakes('unhandled')), ...(await listMistakes('pending'))];
  check('处理后没有未处理的差错', left.length === 0 && resolved === found.length, `处理 ${resolved} / ${found.length}，余 ${left.length}`);

  // every e-invoice asked for on an order's page was issued by the platform, with its PDF kept
  const invoices = await Promise.all(input.figures.invoices.ids.map((id) => mustOk(call<Invoice>('GET', invoicePaths.item.replace(':id', id), { token: admin }), `发票 ${id}`)));
  const unissued = invoices.filter((i) => i.state !== 'issued' || !i.hasPdf);
  check('申请的电子发票都已开票并有PDF', unissued.length === 0, `申请 ${invoices.length}，未开或无PDF ${unissued.length}`);

  // every record: due − discount = paid + unpaid, none negative
  const [bad] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE amount_due - discount <> paid + unpaid)::int AS unbalanced FROM parking_records
      WHERE tenant_id = ${tenantId} AND (amount_due - discount <> paid + unpaid OR amount_due < 0 OR discount < 0 OR paid < 0 OR unpaid < 0)`),
  ) as { n: number; unbalanced: number }[];
  check('每条停车记录：应收 − 优惠 = 已付 + 欠费，且都不为负', bad!.n === 0, `不符 ${bad!.n} 条（其中不平 ${bad!.unbalanced} 条）`);
  const [paidSum] = rowsOf(
    await db.execute(sql`SELECT (SELECT coalesce(sum(paid), 0) FROM parking_records WHERE tenant_id = ${tenantId})::text AS paid,
      ((SELECT coalesce(sum(amount), 0) FROM payments WHERE tenant_id = ${tenantId}) - (SELECT coalesce(sum(amount), 0) FROM refunds WHERE tenant_id = ${tenantId} AND status = 'approved'))::text AS net`),
  ) as { paid: string; net: string }[];
  check('记录的已付合计 = 支付 − 已退款', paidSum!.paid === paidSum!.net, `已付 ${paidSum!.paid}，支付 − 退款 ${paidSum!.net}`);

  // the report through its API against plain sums over the same Shanghai days
  const report = await mustOk(call<RevenueReport>('GET', `${revenueReportPaths.report}?from=${from}&to=${to}&groupBy=month`, { token: admin }), '营收报表');
  const start = businessDayStart(from);
  const end = new Date(businessDayStart(to).getTime() + dayMs);
  const [sums] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE tenant_id = ${tenantId} AND paid_at >= ${start.toISOString()}::timestamptz AND paid_at < ${end.toISOString()}::timestamptz)::text AS received,
      (SELECT coalesce(json_object_agg(channel, total), '{}') FROM (SELECT channel, sum(amount)::text AS total FROM payments WHERE tenant_id = ${tenantId}
        AND paid_at >= ${start.toISOString()}::timestamptz AND paid_at < ${end.toISOString()}::timestamptz GROUP BY channel) c)::text AS by_channel,
      (SELECT coalesce(sum(amount), 0) FROM refunds WHERE tenant_id = ${tenantId} AND status = 'approved'
        AND decided_at >= ${start.toISOString()}::timestamptz AND decided_at < ${end.toISOString()}::timestamptz)::text AS refunded,
      (SELECT coalesce(sum(amount), 0) FROM recovery_records WHERE tenant_id = ${tenantId}
        AND recovered_at >= ${start.toISOString()}::timestamptz AND recovered_at < ${end.toISOString()}::timestamptz)::text AS recovered`),
  ) as { received: string; by_channel: string; refunded: string; recovered: string }[];
  const channelSums = JSON.parse(sums!.by_channel) as Record<string, string>;
  const byChannel = Object.fromEntries(paymentChannels.map((c) => [c, Number(channelSums[c] ?? 0)])) as Record<PaymentChannel, number>;
  const plain = { received: Number(sums!.received), byChannel, refunded: Number(sums!.refunded), recovered: Number(sums!.recovered) };
  const totals = report.totals;
  check('报表实收 = 支付合计', totals.received === plain.received, `报表 ${totals.received}，支付 ${plain.received}`);
  for (const channel of paymentChannels) check(`报表${channel} = 该渠道支付合计`, totals[channel] === byChannel[channel], `报表 ${totals[channel]}，支付 ${byChannel[channel]}`);
  check('报表退款 = 已同意退款合计', totals.refunded === plain.refunded, `报表 ${totals.refunded}，退款 ${plain.refunded}`);
  check('报表净收 = 支付 − 退款', totals.net === plain.received - plain.refunded, `报表 ${totals.net}，表 ${plain.received - plain.refunded}`);
  check('报表追缴 = 追缴记录合计', totals.recovered === plain.recovered, `报表 ${totals.recovered}，追缴 ${plain.recovered}`);
  // coupons: what the report takes off as 优惠券 is what the used coupons of stays that left in the range took off
  const [coupons] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS used, coalesce(sum(c.discount), 0)::text AS discount FROM coupons c JOIN parking_records r ON r.tenant_id = c.tenant_id AND r.id = c.record_id
      WHERE c.tenant_id = ${tenantId} AND c.state = 'used' AND r.exited_at >= ${start.toISOString()}::timestamptz AND r.exited_at < ${end.toISOString()}::timestamptz`),
  ) as { used: number; discount: string }[];
  check('报表优惠券 = 已用券的减免合计', totals.couponDiscount === Number(coupons!.discount), `报表 ${totals.couponDiscount}，已用 ${coupons!.used} 张减免 ${coupons!.discount}`);
  const drift = await revenueDrift(db, tenantId, from, to);
  check('保存的日汇总 = revenue_daily_recompute', JSON.stringify(drift.kept) === JSON.stringify(drift.recomputed), `保存 ${drift.kept.length} 行，重算 ${drift.recomputed.length} 行`);

  return {
    ok: checks.every((c) => c.ok),
    checks,
    report: totals,
    sums: plain,
    mistakes: { injected: injected.length, found: found.length, resolved, unhandledAfter: left.length },
    coupons: { used: coupons!.used, discount: Number(coupons!.discount) },
  };
};
