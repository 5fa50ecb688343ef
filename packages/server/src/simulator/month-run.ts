import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  businessDayStart,
  couponPaths,
  couponTemplatePaths,
  driverPayPaths,
  invoicePaths,
  paymentPaths,
  recordPayQrCodePath,
  reconciliationBatchPaths,
  refundPaths,
  sandboxCashierPaths,
  merchantPaths,
  tariffPaths,
  tenantPaths,
  userPaths,
  type Invoice,
  type PaymentChannel,
  type ReconciliationMistakeKind,
  type RecordInvoice,
  type VehicleEventResult,
} from '@parking/contract';
import type { Db } from '../db/client.js';
import { parkingRecords, tenants } from '../db/schema/index.js';
import { moveRecordsWithTime } from '../modules/orders/index.js';
import type { SandboxBillAdjustment } from '../modules/payments/index.js';
import { appCall, appConsole, appDeviceSender, mustOk, signInApp, type AppCall } from './month-api.js';
import { checkMonth, type MonthChecks } from './month-checks.js';
import type { InjectedMistake, MonthFigures } from './month-figures.js';
import { runTraffic } from './run-traffic.js';
import { setUpSimulation, SimulationError } from './simulation-setup.js';
import { planTraffic, randomSource, type PlannedEvent } from './traffic-plan.js';

/** The simulated clock the app reads as `app.now`: the simulator moves it with the events. */
export interface SimClock {
  now: () => Date;
  set: (at: Date) => void;
}
export const simClock = (start: Date): SimClock => {
  let at = start.getTime();
  return { now: () => new Date(at), set: (to) => (at = to.getTime()) };
};

export interface MonthOptions {
  /** YYYY-MM */
  month: string;
  /** only the month's first N days (the test's short run); the whole month by default */
  days?: number;
  lots: number;
  carsPerDay: number;
  seed: number;
  /** the tenant the run creates; it must not exist yet */
  tenant: string;
  /** share of exits that drive off without paying (to arrears) */
  unpaidShare?: number;
  /** share of each morning's open arrears recovered that day */
  recoveryShare?: number;
  /** share of the day's payments of the refunded channel given (partly) back */
  refundShare?: number;
  /** refunds also of online (sandbox) payments, given back at the provider and on its bill (default); false: cash only */
  refundOnline?: boolean;
  /** e-invoices a day, each asked for from a paid order's page and issued by staff through the sandbox platform (default 1) */
  invoicesPerDay?: number;
  /** share of cars given a mall's 1-hour parking coupon while they are in (default 0.02) */
  couponShare?: number;
  log?: (line: string) => void;
}

/** What the app under simulation is: its routes, its database for the checks, its clock and the sandbox bill's planned mistakes. */
export interface MonthApp {
  app: FastifyInstance;
  db: Db;
  clock: SimClock;
  /** read by the sandbox at each bill: the run adds the mistakes it injects */
  billAdjustments: SandboxBillAdjustment[];
}

export interface MonthResult {
  figures: MonthFigures;
  checks: MonthChecks;
  seconds: number;
}

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60_000;
/** how drivers pay at the exit: mostly online through the cashier, then the booth's own scanners, cash and balance */
const channelWeights: [PaymentChannel, number][] = [
  ['sandbox', 0.45],
  ['wechat', 0.2],
  ['alipay', 0.15],
  ['cash', 0.12],
  ['balance', 0.08],
];

/** The mistakes injected into the provider's bill, one of each kind the sandbox can make, spread over the run. */
const mistakePlan: { adjustment: SandboxBillAdjustment['kind']; kind: ReconciliationMistakeKind }[] = [
  { adjustment: 'dropTrade', kind: 'channel_missing' },
  { adjustment: 'changeAmount', kind: 'amount_mismatch' },
  { adjustment: 'extraTrade', kind: 'our_missing' },
  { adjustment: 'extraRefund', kind: 'state_mismatch' },
];

const daysOf = (month: string, limit?: number) => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new SimulationError(`--month 应为 YYYY-MM：${month}`);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const inMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: Math.min(limit ?? inMonth, inMonth) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
};

interface OnlinePaid {
  recordId: string;
  orderNo: string;
  amount: number;
  at: Date;
}

/**
 * A month of a small city through the real API, day by day: cars in and out of every lot, their
 * fees paid at the exit by each channel (online through the sandbox cashier), some driving off
 * unpaid and recovered later, cash refunds asked by one user and approved by another, and each
 * day's reconciliation against the sandbox's bill, into which known mistakes are put on known
 * days. Then the checks (month-checks.ts), after the found mistakes are resolved.
 */
export const simulateMonth = async ({ app, db, clock, billAdjustments }: MonthApp, options: MonthOptions): Promise<MonthResult> => {
  const began = performance.now();
  const log = options.log ?? (() => undefined);
  const days = daysOf(options.month, options.days);
  const random = randomSource(options.seed);
  const unpaidShare = options.unpaidShare ?? 0.04;
  const recoveryShare = options.recoveryShare ?? 0.35;
  const refundShare = options.refundShare ?? 0.01;
  const couponShare = options.couponShare ?? 0.02;
  const call = appCall(app);
  clock.set(new Date(businessDayStart(days[0]!).getTime() - dayMs));

  // the operator: a tenant of its own with an administrator, a second user who approves refunds, a tariff and the lots
  const platform = await signInApp(call, 'demo', 'admin', 'admin123');
  const password = createHash('md5').update('admin123').digest('hex');
  const exists = await call<{ list: { code: string }[] }>('GET', `${tenantPaths.list}?currentPage=1&pageSize=100&keyword=${encodeURIComponent(options.tenant)}`, { token: platform });
  if (exists.data?.list?.some((t) => t.code === options.tenant)) throw new SimulationError(`租户 ${options.tenant} 已存在：请用新的数据库或另一个 --tenant`);
  await mustOk(
    call('POST', tenantPaths.list, {
      token: platform,
      body: { code: options.tenant, name: '仿真城市停车有限公司', title: '仿真城市停车', bigScreenType: 1, adminAccount: 'admin', adminPassword: password },
    }),
    `新增租户 ${options.tenant}`,
  );
  let admin = await signInApp(call, options.tenant, 'admin', 'admin123');
  const console = appConsole(call, admin);
  await console.post(userPaths.list, { account: 'auditor', realName: '财务审核', password, isAdministrator: true });
  let auditor = '';
  // the staff sign in at the start of each shift: a session lasts a day by the simulated clock
  const signInStaff = async () => {
    admin = await signInApp(call, options.tenant, 'admin', 'admin123');
    auditor = await signInApp(call, options.tenant, 'auditor', 'admin123');
  };
  await console.post(tariffPaths.list, {
    name: '仿真城市停车场标准',
    description: '首15分钟免费，2小时内每小时5元，之后每小时3元，24小时最高40元',
    effectiveFrom: '2025-01-01T00:00:00+08:00',
    rules: garageRules,
  });
  const { simLots, devices } = await setUpSimulation(console, options.tenant, options.lots, 0);
  // a mall beside the lots pays for its customers' first hour with coupons, settled monthly (后付)
  const mall = await console.post<{ id: string }>(merchantPaths.list, {
    name: '仿真购物中心',
    kind: 'mall',
    contactPhone: '13800000000',
    lotIds: simLots.map((l) => l.key),
    settlement: 'postpaid',
    account: 'simmall',
    password,
  });
  const hourCoupon = await console.post<{ id: string }>(couponTemplatePaths.list, { name: '购物满额停车1小时', kind: 'minutes', minutes: 60, price: 300, validHours: 24 });
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, options.tenant));
  const tenantId = tenant!.id;
  const send = appDeviceSender(app, clock.now);

  const figures: MonthFigures = {
    days: days.length,
    lots: simLots.length,
    events: 0,
    entries: 0,
    exits: 0,
    refused: 0,
    stays: 0,
    payments: { sandbox: { count: 0, amount: 0 }, wechat: { count: 0, amount: 0 }, alipay: { count: 0, amount: 0 }, cash: { count: 0, amount: 0 }, balance: { count: 0, amount: 0 } },
    abandonedCashier: 0,
    refunds: { count: 0, amount: 0 },
    invoices: { requested: 0, issued: 0, amount: 0, ids: [] },
    coupons: { issued: 0 },
    unpaidExits: 0,
    arrearsOpened: 0,
    recovered: { count: 0, amount: 0 },
    injected: [],
  };
  let phone = 0;
  // each driver's phone has an address of its own (the open payment routes limit calls per address)
  const nextPhone = () => `10.${(++phone >> 16) & 255}.${(phone >> 8) & 255}.${phone & 255}`;
  let keys = 0;

  const payAtBooth = async (recordId: string, channel: PaymentChannel, amount: number) => {
    await mustOk(call('POST', paymentPaths.list, { token: admin, body: { recordId, channel, amount, idempotencyKey: `sim-month-${options.seed}-${++keys}` } }), `${channel} 收款`);
    figures.payments[channel].count += 1;
    figures.payments[channel].amount += amount;
  };
  /** the driver scans the 收款二维码, orders at the cashier and (unless `abandon`) confirms: answers the cashier's order number */
  const payOnline = async (recordId: string, amount: number, abandon = false) => {
    const { url } = await mustOk(call<{ url: string }>('GET', recordPayQrCodePath.replace(':id', recordId), { token: admin }), '收款二维码');
    const o = decodeURIComponent(/[?&]o=([^&#]+)/.exec(url)?.[1] ?? '');
    const remoteAddress = nextPhone();
    const { cashierUrl } = await mustOk(call<{ cashierUrl: string }>('POST', driverPayPaths.pay, { body: { o }, remoteAddress }), '扫码支付下单');
    const orderNo = decodeURIComponent(cashierUrl.split('/').at(-1)!);
    if (abandon) return orderNo;
    const confirmed = await call('POST', sandboxCashierPaths.confirm.replace(':no', encodeURIComponent(orderNo)), { remoteAddress });
    if (confirmed.status !== 303) throw new SimulationError(`收银台确认支付失败：${confirmed.status}`);
    figures.payments.sandbox.count += 1;
    figures.payments.sandbox.amount += amount;
    return orderNo;
  };
  const pickChannel = () => {
    let r = random();
    for (const [channel, weight] of channelWeights) if ((r -= weight) < 0) return channel;
    return 'cash';
  };

  const mistakeDays = new Map(mistakePlan.map((m, i) => [days[Math.min(days.length - 1, Math.floor(((i + 0.5) * days.length) / mistakePlan.length))]!, [] as typeof mistakePlan]));
  mistakePlan.forEach((m, i) => mistakeDays.get(days[Math.min(days.length - 1, Math.floor(((i + 0.5) * days.length) / mistakePlan.length))]!)!.push(m));
  // records the cashier left unpaid on purpose: the bill's extra trade books them, so no recovery takes them first
  const heldForBill = new Set<string>();

  for (const [index, day] of days.entries()) {
    const start = businessDayStart(day);
    const end = new Date(start.getTime() + dayMs);
    const wanted = mistakeDays.get(day) ?? [];
    const onlineToday: OnlinePaid[] = [];
    const cashToday: OnlinePaid[] = [];
    let abandoned: { orderNo: string; amount: number; at: Date } | undefined;
    clock.set(start);
    await signInStaff();

    const plan = planTraffic({
      lots: simLots,
      ratePerMinute: 1,
      minutes: 24 * 60,
      start,
      seed: options.seed * 100 + index,
      cars: options.carsPerDay,
      misreadRate: 0,
      doubleEntryRate: 0,
      resendRate: 0.01,
      allLeave: true,
    });
    let lateShift = false;
    const onEvent = async (event: PlannedEvent, result: VehicleEventResult | undefined) => {
      // the late shift signs in at noon: its day-long session covers the booth's payments just past midnight
      if (!lateShift && event.at.getTime() >= start.getTime() + dayMs / 2) {
        lateShift = true;
        await signInStaff();
      }
      // a shopper: the mall gives the car in its 1-hour coupon, which the exit then takes off the fee
      if (!event.resend && result?.recordId && event.kind === 'lane_entry' && random() < couponShare) {
        await mustOk(
          call('POST', couponPaths.issue, { token: admin, body: { merchantId: mall.id, templateId: hourCoupon.id, plateNumber: event.plate, plateColour: event.plateColour } }),
          '商户发券',
        );
        figures.coupons.issued += 1;
      }
      if (event.resend || !result?.recordId || event.kind !== 'lane_exit' || result.amountToPay <= 0) return;
      const at = new Date(event.at.getTime() + 30_000 + Math.floor(random() * 60_000));
      clock.set(at);
      // on the day the bill is to hold a trade we never booked, one driver orders at the cashier and drives off instead of confirming
      if (!abandoned && wanted.some((m) => m.adjustment === 'extraTrade') && at.getTime() - start.getTime() > 60 * minuteMs && at.getTime() < end.getTime() - 60 * minuteMs) {
        abandoned = { orderNo: await payOnline(result.recordId, result.amountToPay, true), amount: result.amountToPay, at: new Date(at.getTime() + minuteMs) };
        heldForBill.add(result.recordId);
        figures.abandonedCashier += 1;
        figures.unpaidExits += 1;
        return;
      }
      if (random() < unpaidShare) {
        figures.unpaidExits += 1;
        return;
      }
      const channel = pickChannel();
      if (channel === 'sandbox') onlineToday.push({ recordId: result.recordId, orderNo: await payOnline(result.recordId, result.amountToPay), amount: result.amountToPay, at });
      else {
        await payAtBooth(result.recordId, channel, result.amountToPay);
        if (channel === 'cash') cashToday.push({ recordId: result.recordId, orderNo: '', amount: result.amountToPay, at });
      }
    };
    // the whole day in time order, the clock at each event's time: the money follows its exit at once
    const summary = await runTraffic(send, devices, plan, { inOrder: true, beforeEvent: (event) => clock.set(event.at), afterEvent: onEvent });
    figures.events += summary.sent;
    figures.entries += summary.entries;
    figures.exits += summary.exits;
    figures.refused += summary.refused.length;
    if (summary.refused.length > 0) log(`  ${day} 被拒 ${summary.refused.length}：${summary.refused[0]!.msg}`);

    // late in the day: some cash payments (and online ones, when switched on) partly given back, asked by the administrator and approved by the auditor
    clock.set(new Date(end.getTime() - 10 * minuteMs));
    const refundable = options.refundOnline === false ? cashToday : [...cashToday, ...onlineToday];
    const refunded = new Set<string>();
    for (const paid of refundable.filter(() => random() < refundShare)) {
      const [payment] = (await mustOk(call<{ list: { id: string }[] }>('GET', `${paymentPaths.list}?currentPage=1&pageSize=10&recordId=${paid.recordId}`, { token: admin }), '支付记录'))
        .list;
      if (!payment) continue;
      const amount = Math.max(1, Math.floor(paid.amount / 2));
      const refund = await mustOk(call<{ id: string }>('POST', refundPaths.list, { token: admin, body: { paymentId: payment.id, amount, reason: '仿真：车主申诉多收费' } }), '申请退款');
      await mustOk(call('POST', refundPaths.approve.replace(':id', refund.id), { token: auditor, body: { remark: '核实属实' } }), '同意退款');
      figures.refunds.count += 1;
      figures.refunds.amount += amount;
      if (paid.orderNo) refunded.add(paid.orderNo);
    }

    // the provider's bill of the day is to disagree as planned; the mistakes are put in before the day is reconciled
    // a trade given partly back is not one the bill is made to lose or misstate: its refund would be a second mistake
    const daytime = onlineToday.filter((o) => !refunded.has(o.orderNo) && o.at.getTime() - start.getTime() > 60 * minuteMs && end.getTime() - o.at.getTime() > 60 * minuteMs);
    for (const m of wanted) {
      const pick = daytime.shift();
      if (m.adjustment === 'extraTrade') {
        if (!abandoned) throw new SimulationError(`${day} 没有可用于渠道多出交易的未完成收银台订单`);
        billAdjustments.push({ kind: 'extraTrade', orderNo: abandoned.orderNo, amount: abandoned.amount, at: abandoned.at, subject: '停车费' });
        figures.injected.push({ day, kind: m.kind, orderNo: abandoned.orderNo, adjustment: m.adjustment });
        continue;
      }
      if (!pick) throw new SimulationError(`${day} 的线上支付不够注入对账差错（加大 --cars-per-day）`);
      if (m.adjustment === 'dropTrade') billAdjustments.push({ kind: 'dropTrade', orderNo: pick.orderNo });
      if (m.adjustment === 'changeAmount') billAdjustments.push({ kind: 'changeAmount', orderNo: pick.orderNo, amount: pick.amount + 100 });
      if (m.adjustment === 'extraRefund')
        billAdjustments.push({
          kind: 'extraRefund',
          orderNo: pick.orderNo,
          refundNo: `SIMR${options.seed}${index}`,
          amount: Math.max(1, Math.floor(pick.amount / 2)),
          at: new Date(pick.at.getTime() + 30 * minuteMs),
        });
      figures.injected.push({ day, kind: m.kind, orderNo: pick.orderNo, adjustment: m.adjustment });
    }

    // in the evening a driver or two ask for an e-invoice on the paid order's page; staff issue it through the sandbox platform
    const misstated = new Set(figures.injected.map((m) => m.orderNo));
    for (const paid of onlineToday.filter((o) => !refunded.has(o.orderNo) && !misstated.has(o.orderNo)).slice(0, options.invoicesPerDay ?? 1)) {
      const { url } = await mustOk(call<{ url: string }>('GET', recordPayQrCodePath.replace(':id', paid.recordId), { token: admin }), '订单二维码');
      const o = decodeURIComponent(/[?&]o=([^&#]+)/.exec(url)?.[1] ?? '');
      const body = { o, buyerType: 'personal', buyerTitle: `仿真车主${figures.invoices.requested + 1}`, taxNumber: '', email: 'driver@example.com' };
      const asked = await mustOk(call<RecordInvoice>('POST', invoicePaths.record, { body, remoteAddress: nextPhone() }), '申请电子发票');
      figures.invoices.requested += 1;
      figures.invoices.ids.push(asked.id);
      await mustOk(call('POST', invoicePaths.issue.replace(':id', asked.id), { token: admin, body: {} }), '开票');
      // the platform answers after its delay (the sandbox's is seconds)
      clock.set(new Date(clock.now().getTime() + minuteMs));
      const issued = await mustOk(call<Invoice>('POST', invoicePaths.query.replace(':id', asked.id), { token: admin, body: {} }), '查询开票结果');
      if (issued.state === 'issued') {
        figures.invoices.issued += 1;
        figures.invoices.amount += issued.amount;
      }
    }

    // the next morning: the record clock moves the unpaid to arrears, the day is reconciled, and some arrears are recovered
    const morning = new Date(end.getTime() + 2 * 60 * minuteMs);
    clock.set(morning);
    await signInStaff();
    figures.arrearsOpened += (await moveRecordsWithTime(db, morning)).moved;
    await mustOk(call('POST', reconciliationBatchPaths.rerun, { token: admin, body: { day, channel: 'sandbox' } }), `对账 ${day}`);
    if (index < days.length - 1) {
      const owing = await db
        .select({ id: parkingRecords.id, unpaid: parkingRecords.unpaid })
        .from(parkingRecords)
        .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.state, 'unpaid')))
        .orderBy(parkingRecords.exitedAt, parkingRecords.id);
      for (const record of owing.filter((r) => !heldForBill.has(r.id) && random() < recoveryShare)) {
        clock.set(new Date(clock.now().getTime() + minuteMs));
        // a recovery is paid online from the 追缴 notice, or at a booth the next time the car comes
        if (random() < 0.5) await payOnline(record.id, record.unpaid);
        else await payAtBooth(record.id, 'wechat', record.unpaid);
        figures.recovered.count += 1;
        figures.recovered.amount += record.unpaid;
      }
    }
    log(`${day}：事件 ${summary.sent}，出场 ${summary.exits}，线上 ${onlineToday.length}，欠费累计 ${figures.arrearsOpened}，追缴累计 ${figures.recovered.count}`);
  }

  figures.stays = (
    await db
      .select({ id: parkingRecords.id })
      .from(parkingRecords)
      .where(
        inArray(
          parkingRecords.lotId,
          simLots.map((l) => l.key),
        ),
      )
  ).length;
  clock.set(new Date(clock.now().getTime() + 60 * minuteMs));
  const checks = await checkMonth({ call, db, tenantId, admin, from: days[0]!, to: days.at(-1)!, injected: figures.injected, figures });
  return { figures, checks, seconds: (performance.now() - began) / 1000 };
};

export type { AppCall, InjectedMistake, MonthFigures };

/** The lots' price board: the first 15 minutes free, 5 元 an hour for two hours, then 3 元, at most 40 元 a day. */
const garageDay = [
  {
    label: '全天',
    start: '00:00',
    end: '00:00',
    pricing: {
      kind: 'perUnit',
      tiers: [
        { uptoMinutes: 120, unitMinutes: 60, unitPrice: 500 },
        { uptoMinutes: null, unitMinutes: 60, unitPrice: 300 },
      ],
      rounding: { mode: 'up' },
    },
  },
];
const garageRules = {
  schedule: { workday: garageDay, nonWorkday: garageDay, holiday: null },
  vehicleClasses: [{ code: 'car', name: '小型车' }],
  freePeriod: { minutes: 15, inclusive: true },
  tierClock: 'continue',
  over24h: 'afresh',
  caps: { perNaturalDay: null, perRolling24h: 4000 },
};
