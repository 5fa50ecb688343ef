import { randomBytes } from 'node:crypto';
import {
  businessDay,
  clockAheadToleranceMs,
  driverPagePaths,
  merchantPagePaths,
  merchantStayParam,
  futureTimeIssue,
  formatAmount,
  noOnlinePayMessage,
  sandboxNotice,
  type DriverRecord,
  type ExitLaneInfo,
  type StayCode,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { queueLaneCommand } from '../devices/index.js';
import {
  changeRecord,
  discountKinds,
  findRecord,
  holdsLongRental,
  lockRecord,
  noBenefits,
  paidGrace,
  priceStay,
  quoteStay,
  stayFeeWithCut,
  whiteListedStay,
  type ParkingRecordRow,
  type StayBenefits,
  type StayMoney,
} from '../orders/index.js';
import { couponDiscount, couponQuote, groupCardDiscount, groupCardQuote, markSpecialBillPaid } from '../marketing/index.js';
import { qrPng, signRecordToken, signStayToken, verifyRecordToken, verifyScanToken, type RecordTokenPayload } from '../parking/index.js';
import { findTenant } from '../system/index.js';
import type { GatewayTrade, PaymentGateway } from './gateway/payment-gateway.js';
import {
  findGatewayOrderByNo,
  findLaneWithLot,
  findLot,
  findOpenRecord,
  insertGatewayOrder,
  lockGatewayOrder,
  openGatewayOrders,
  recentExitPlate,
  updateGatewayOrder,
} from './driver-record.repository.js';
import { recordPayment, type PaymentActor } from './payment.service.js';

const MINUTE_MS = 60_000;
/** how long the record page of a scan stays valid */
export const recordTokenTtlMs = 30 * MINUTE_MS;
/** the cashier may take a while: the page it sends the driver back to outlives it */
const returnTokenTtlMs = 2 * 60 * MINUTE_MS;
/** how long a 商户优惠码 shown to a merchant stays good: a meal or a film, not the whole stay */
export const stayTokenTtlMs = 2 * 60 * MINUTE_MS;
/** a plate the exit camera read this recently is offered on the scan page */
export const recentPlateWindowMs = 5 * MINUTE_MS;
/** a cashier opened this recently for the same amount is offered again instead of a new trade */
export const reuseCashierMs = 10 * MINUTE_MS;
/** a trade still open this long after it was made is asked about at the provider */
const queryAfterMs = 5_000;

/** The same words for every unusable code: nothing about what it named is revealed. */
const invalidCode = () => badRequest('二维码无效或已被篡改，请重新扫码');
const expiredCode = () => badRequest('订单二维码已过期，请重新扫码');
const noRecord = () => notFound('订单不存在或已结束，请重新扫码');

const tenantOf = async (db: Db, tenantId: string) => {
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.enabled) throw invalidCode();
  return tenant;
};

/** The exit lane a lane code names, or a refusal (a lot, space or entry-lane code is not one). */
const exitLaneOf = async (db: Db, secret: string, token: string) => {
  const scan = verifyScanToken(secret, token);
  if (scan?.k !== 'lane') throw invalidCode();
  await tenantOf(db, scan.tenant);
  return withTenant(db, scan.tenant, async (tx) => {
    const row = await findLaneWithLot(tx, scan.tenant, scan.id);
    if (!row?.lane.enabled) throw invalidCode();
    if (row.lane.direction !== 'out') throw badRequest('这是入口车道的二维码，请扫描出口处的二维码');
    return { tenantId: scan.tenant, ...row };
  });
};

/** 扫码出场: which lot and lane the driver stands at, and the plate its camera just read. */
export const exitLaneInfo = async (db: Db, secret: string, token: string, now: Date): Promise<ExitLaneInfo> => {
  const { tenantId, lane, lot } = await exitLaneOf(db, secret, token);
  const recentPlate = await withTenant(db, tenantId, (tx) => recentExitPlate(tx, tenantId, lane.id, new Date(now.getTime() - recentPlateWindowMs), now));
  return { lotName: lot.name, laneName: lane.name, recentPlate };
};

/** The driver names the plate: its open record at the lane's lot, as a record token for the record page. */
export const findDriverRecord = async (db: Db, secret: string, input: { t: string; plateNumber: string }, now: Date) => {
  const { tenantId, lane, lot } = await exitLaneOf(db, secret, input.t);
  const open = await withTenant(db, tenantId, (tx) => findOpenRecord(tx, tenantId, lot.id, input.plateNumber));
  if (!open) throw notFound(`未找到车牌「${input.plateNumber}」在本停车场的在场订单，请核对车牌号`);
  return { recordToken: signRecordToken(secret, { id: open.id, tenant: tenantId, lane: lane.id }, now, recordTokenTtlMs) };
};

const recordOfToken = (secret: string, token: string, now: Date): RecordTokenPayload => {
  const check = verifyRecordToken(secret, token, now);
  if (!check.ok) throw check.reason === 'expired' ? expiredCode() : invalidCode();
  return check.payload;
};

export interface DriverQuote extends StayMoney {
  /** the exit time, or `now` for a car still in */
  until: Date;
  graceMinutes: number;
  /** paid and nothing owed: leaving before this costs nothing more */
  leaveBefore: Date | null;
}

/**
 * What takes money off the fee of a car still in, priced at `at`, in the exit's order (quoteStay): a
 * long-rental card pays it all; else a white-list entry leaves only the time it did not cover, or the
 * group card takes its part; then the merchants' coupons take theirs. `use` says a payment arrived:
 * the group card and the coupons its cashier could have quoted (issued by `issuedUpTo`) are then used,
 * on this stay at `at`; otherwise they are only quoted.
 */
const benefitsOfCarIn = async (db: Db, record: ParkingRecordRow, fee: number, at: Date, use: { issuedUpTo: Date } | undefined): Promise<StayBenefits> => {
  if (fee <= 0 || !record.enteredAt) return noBenefits;
  if (await holdsLongRental(db, record.tenantId, record.lotId, record.plateNumber, businessDay(at))) return { longRental: true, groupCardOff: 0 };
  // a white-listed plate owes only the fee of the time its entries did not cover, as at the exit
  const white = await whiteListedStay(db, record.tenantId, record, record.enteredAt, at);
  const card = { tenantId: record.tenantId, lotId: record.lotId, plate: record.plateNumber, at, due: fee };
  const groupCardOff = white ? 0 : use ? (await groupCardDiscount(db, card)).discount : await groupCardQuote(db, card);
  const benefits: StayBenefits = { longRental: false, groupCardOff, whiteListCharged: white?.charged };
  const left = white ? Math.min(fee, white.charged) : fee - Math.min(fee, groupCardOff);
  if (left <= 0) return benefits;
  const coupons = {
    tenantId: record.tenantId,
    lotId: record.lotId,
    plateNumber: record.plateNumber,
    plateColour: record.plateColour,
    recordId: record.id,
    at,
    due: left,
    hadBenefit: white !== undefined || groupCardOff > 0,
    feeWith: await stayFeeWithCut(db, record.tenantId, record, record.enteredAt, at),
    issuedUpTo: use?.issuedUpTo,
  };
  const stack = use ? await couponDiscount(db, coupons) : await couponQuote(db, coupons);
  return { ...benefits, couponOff: stack.total };
};

/**
 * What the stay costs the driver now. A car still in is priced to now with its benefits (quoted, not
 * used), unless it was paid for within the grace minutes; a stay that ended keeps the money of its exit.
 */
export const quoteForDriver = async (db: Db, record: ParkingRecordRow, now: Date): Promise<DriverQuote> => {
  const grace = await paidGrace(db, record.tenantId, record);
  const graceMinutes = grace?.graceMinutes ?? 0;
  const stored = { amountDue: record.amountDue, discount: record.discount, paid: record.paid, unpaid: record.unpaid };
  const inGrace = grace !== undefined && now <= grace.until && record.unpaid === 0;
  const leaveBefore = inGrace && (record.state === 'parked' || record.state === 'paid') ? grace.until : null;
  if (record.state !== 'parked' || inGrace) return { ...stored, until: record.exitedAt ?? now, graceMinutes, leaveBefore };
  // an entry stamped after now (a device clock ahead) has cost nothing yet
  const priced = record.enteredAt && record.enteredAt <= now ? await priceStay(db, record.tenantId, record, record.enteredAt, now) : undefined;
  const fee = priced?.result.amount ?? 0;
  return { ...quoteStay(fee, await benefitsOfCarIn(db, record, fee, now, undefined), record.paid), until: now, graceMinutes, leaveBefore: null };
};

/** The benefits now take more off than the cashier quoted: the payment goes in against the stay as it stands. */
class MoreThanQuoted extends Error {}

/**
 * A car still in is paid for on the phone: its stay is priced as the cashier quoted it (the fee at
 * the order's pricing time) and its group card and the coupons the cashier knew of are used now, in
 * a savepoint (a coupon issued since stays for the exit or the next visit). Should they take more
 * than was quoted all the same, nothing is used and the stay keeps its price.
 */
const priceCarInForPayment = async (db: Db, record: ParkingRecordRow, order: { amount: number; amountDue: number; pricedAt: Date; createdAt: Date }) => {
  await db
    .transaction(async (inner) => {
      const tx = inner as unknown as Db;
      const benefits = await benefitsOfCarIn(tx, record, order.amountDue, order.pricedAt, { issuedUpTo: order.createdAt });
      const money = quoteStay(order.amountDue, benefits, record.paid);
      if (money.unpaid < order.amount) throw new MoreThanQuoted();
      // priced while the car is still in: no state moves until it leaves
      await changeRecord(tx, record, null, { amountDue: money.amountDue, discount: money.discount, unpaid: money.unpaid, ...discountKinds(order.amountDue, benefits, money) });
    })
    .catch((error: unknown) => {
      if (!(error instanceof MoreThanQuoted)) throw error;
    });
};

const viewOf = (record: ParkingRecordRow, lotName: string, quote: DriverQuote, paying: boolean, onlinePay: boolean): DriverRecord => ({
  lotName,
  plateNumber: record.plateNumber,
  enteredAt: record.enteredAt?.toISOString() ?? null,
  until: quote.until.toISOString(),
  exited: record.exitedAt !== null,
  durationSeconds: record.enteredAt ? Math.max(0, Math.floor((quote.until.getTime() - record.enteredAt.getTime()) / 1000)) : 0,
  amountDue: quote.amountDue,
  discount: quote.discount,
  paid: quote.paid,
  unpaid: quote.unpaid,
  state: quote.unpaid > 0 ? 'unpaid' : quote.paid > 0 ? 'paid' : 'free',
  graceMinutes: quote.graceMinutes,
  leaveBefore: quote.leaveBefore?.toISOString() ?? null,
  paying,
  onlinePay,
});

/** Online payment asked for while PAYMENT_PROVIDER is none: the driver pays at the booth. */
export const noOnlinePayment = () => badRequest(noOnlinePayMessage);

/** Who takes a driver's payment: no user; the operation log says the driver paid through the provider. */
const driverActor = (tenantId: string, provider: string, ip: string): PaymentActor => ({ tenantId, userId: null, account: `车主(${provider})`, ip, userAgent: provider });

/** The stay's exit lane (or the lane the driver scanned) gets 抬杆 once nothing is owed, if it releases after payment. */
const releaseAfterPayment = async (tx: Db, tenantId: string, recordId: string, scannedLaneId: string | null) => {
  const record = await findRecord(tx, tenantId, recordId);
  if (!record || record.unpaid > 0) return;
  const lot = await findLot(tx, tenantId, record.lotId);
  const laneId = record.exitLaneId ?? scannedLaneId;
  if (lot?.kind !== 'lane' || !laneId) return;
  const lane = await findLaneWithLot(tx, tenantId, laneId);
  if (lane?.lane.direction !== 'out' || !lane.lane.releaseAfterPayment) return;
  await queueLaneCommand(tx, { tenantId, laneId, kind: 'release', recordId, plateNumber: record.plateNumber });
};

/**
 * Applies what the provider says of a trade, once: a paid trade records the payment through
 * recordPayment keyed by the gateway order no (a car still in first gets the fee it was priced at),
 * then the lane is released; a closed one closes the order. A repeat changes nothing. It happened at
 * the trade's time, or at `now` (the app's clock) when the provider gives none.
 */
export const settleGatewayOrder = async (
  tx: Db,
  tenantId: string,
  gatewayOrderNo: string,
  trade: Omit<GatewayTrade, 'state'> & { state: 'paid' | 'closed' },
  actor: PaymentActor,
  now: Date,
) => {
  const at = trade.at ? new Date(trade.at) : now;
  const order = await lockGatewayOrder(tx, tenantId, gatewayOrderNo);
  if (!order) throw badRequest('支付订单不存在');
  if (order.state === 'paid') return order.state;
  if (trade.state === 'closed') {
    if (order.state === 'created') await updateGatewayOrder(tx, order.id, { state: 'closed', tradeNo: trade.tradeNo, closedAt: at });
    return 'closed' as const;
  }
  if (trade.amount !== order.amount) throw badRequest('通知金额与支付订单不符');
  if (order.specialBillId !== null) return settleSpecialBill(tx, tenantId, order.id, order.specialBillId, order.amount, trade.tradeNo, at);
  if (order.recordId === null) throw badRequest('支付订单没有付款对象');
  const record = await lockRecord(tx, tenantId, order.recordId);
  if (!record) throw badRequest('支付订单对应的停车记录不存在');
  let paymentId: string | null = null;
  let remark = '';
  try {
    // one savepoint: the fee set for a car still in goes only with its payment
    await tx.transaction(async (inner) => {
      const db = inner as unknown as Db;
      if (record.state === 'parked') await priceCarInForPayment(db, record, order);
      const remarkText = `${actor.userAgent}支付 ${gatewayOrderNo}`;
      // dated when the provider took the money, as its bill has it: a trade booked late from the bill
      // is 实收 of its own day, not of the day someone booked it
      const { payment } = await recordPayment(db, actor, { recordId: record.id, channel: 'sandbox', amount: order.amount, payer: '', remark: remarkText }, gatewayOrderNo, at);
      paymentId = payment.id;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    // the driver's money arrived, but the record no longer takes it (settled another way meanwhile)
    remark = `已收款 ${formatAmount(order.amount)} 元但未能入账：${error.message}，需退款`;
  }
  await updateGatewayOrder(tx, order.id, { state: 'paid', tradeNo: trade.tradeNo, paymentId, remark, paidAt: at });
  if (paymentId) await releaseAfterPayment(tx, tenantId, record.id, order.laneId);
  return 'paid' as const;
};

/** A special bill's trade was paid: the bill is marked paid once; a bill cancelled meanwhile keeps a remark that the money needs refunding. */
const settleSpecialBill = async (tx: Db, tenantId: string, orderId: string, billId: string, amount: number, tradeNo: string, paidAt: Date) => {
  let remark = '';
  try {
    // the gateway's money is booked on the sandbox channel, as its record payments are (recordPayment above)
    await tx.transaction((inner) => markSpecialBillPaid(inner as unknown as Db, tenantId, billId, amount, paidAt, 'sandbox'));
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    remark = `已收款 ${formatAmount(amount)} 元但未能入账：${error.message}，需退款`;
  }
  await updateGatewayOrder(tx, orderId, { state: 'paid', tradeNo, remark, paidAt });
  return 'paid' as const;
};

/** A late notice: trades still open a few seconds after they were made are asked about at the provider. */
const askProvider = async (db: Db, gateway: PaymentGateway, tenantId: string, recordId: string, now: Date, ip: string) => {
  const open = await withTenant(db, tenantId, (tx) => openGatewayOrders(tx, tenantId, recordId));
  let waiting = false;
  for (const order of open) {
    // a cashier abandoned hours ago is not asked about on every look
    if (now.getTime() - order.createdAt.getTime() > returnTokenTtlMs) continue;
    if (now.getTime() - order.createdAt.getTime() < queryAfterMs) {
      waiting = true;
      continue;
    }
    const trade = await gateway.query(order.gatewayOrderNo);
    if (!trade || trade.state === 'pending') {
      waiting = waiting || now.getTime() - order.createdAt.getTime() < reuseCashierMs;
      continue;
    }
    const decided = { ...trade, state: trade.state };
    await withTenant(db, tenantId, (tx) => settleGatewayOrder(tx, tenantId, order.gatewayOrderNo, decided, driverActor(tenantId, gateway.provider, ip), now));
  }
  return waiting;
};

/**
 * 订单详情: what the record page shows, asking the provider first about a payment whose notice is late.
 * Without a provider (PAYMENT_PROVIDER none) there is nothing to ask, and the page offers no 支付.
 */
export const driverRecordView = async (db: Db, gateway: PaymentGateway | undefined, secret: string, token: string, now: Date, ip: string): Promise<DriverRecord> => {
  const named = recordOfToken(secret, token, now);
  await tenantOf(db, named.tenant);
  const paying = gateway ? await askProvider(db, gateway, named.tenant, named.id, now, ip) : false;
  return withTenant(db, named.tenant, async (tx) => {
    const record = await findRecord(tx, named.tenant, named.id);
    if (!record || record.state === 'void') throw noRecord();
    const lot = await findLot(tx, named.tenant, record.lotId);
    return viewOf(record, lot?.name ?? '', await quoteForDriver(tx, record, now), paying, gateway !== undefined);
  });
};

export const newGatewayOrderNo = (now: Date) => `SB${now.getTime()}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * 支付: a gateway order for what the stay owes now, and the provider's cashier URL. A cashier opened
 * minutes ago for the same amount is offered again rather than a second trade.
 */
export const startDriverPayment = async (db: Db, gateway: PaymentGateway | undefined, secret: string, token: string, origin: string, now: Date, returnPath?: string) => {
  if (!gateway) throw noOnlinePayment();
  const named = recordOfToken(secret, token, now);
  await tenantOf(db, named.tenant);
  const prepared = await withTenant(db, named.tenant, async (tx) => {
    const record = await findRecord(tx, named.tenant, named.id);
    if (!record || record.state === 'void') throw noRecord();
    const quote = await quoteForDriver(tx, record, now);
    if (quote.unpaid <= 0) throw badRequest('该订单无需支付');
    const lot = await findLot(tx, named.tenant, record.lotId);
    const reusable = (await openGatewayOrders(tx, named.tenant, record.id)).find((o) => o.amount === quote.unpaid && now.getTime() - o.createdAt.getTime() < reuseCashierMs);
    const gatewayOrder =
      reusable ??
      (await insertGatewayOrder(tx, {
        tenantId: named.tenant,
        gatewayOrderNo: newGatewayOrderNo(now),
        provider: gateway.provider,
        recordId: record.id,
        laneId: named.lane,
        amount: quote.unpaid,
        amountDue: quote.amountDue,
        discount: quote.discount,
        pricedAt: quote.until,
        // by the app's clock, as the reuse window above and the late-notice query measure it
        createdAt: now,
      }));
    return { gatewayOrder, subject: `${lot?.name ?? ''} 停车费 ${record.plateNumber}` };
  });
  const returnToken = signRecordToken(secret, { id: named.id, tenant: named.tenant, lane: named.lane }, now, returnTokenTtlMs);
  const created = await gateway.create({
    gatewayOrderNo: prepared.gatewayOrder.gatewayOrderNo,
    amount: prepared.gatewayOrder.amount,
    subject: prepared.subject,
    notifyUrl: `${origin}/api/open/payments/${gateway.provider}/notify`,
    // a page of its own (the owner's 欠费) takes the driver back there instead of the record page
    returnUrl: returnPath ? `${origin}/#${returnPath}` : `${origin}/#${driverPagePaths.record}?o=${returnToken}`,
  });
  return { cashierUrl: created.cashierUrl };
};

/**
 * The provider's asynchronous notice. A bad signature or body is refused (400) before anything is
 * read; a good one is applied once, however many times it comes. Its time must lie in the business
 * window and not past `now` (the server's clock) by more than a clock may run ahead.
 */
export const receiveGatewayNotice = async (db: Db, gateway: PaymentGateway, rawBody: string, signature: string | undefined, ip: string, now: Date) => {
  if (!gateway.verifyNotice(rawBody, signature)) throw badRequest('通知签名错误');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw badRequest('通知内容不是合法的 JSON');
  }
  const notice = sandboxNotice.safeParse(parsed);
  if (!notice.success) {
    const badTime = notice.error.issues.find((i) => i.path[0] === 'at' && i.code === 'custom');
    throw badRequest(badTime?.message ?? '通知内容不完整');
  }
  const late = futureTimeIssue('通知时间', new Date(notice.data.at), now, clockAheadToleranceMs);
  if (late) throw badRequest(late);
  const found = await findGatewayOrderByNo(db, notice.data.gatewayOrderNo);
  if (!found) throw badRequest('支付订单不存在');
  const { tenantId } = found;
  const state = await withTenant(db, tenantId, (tx) => settleGatewayOrder(tx, tenantId, notice.data.gatewayOrderNo, notice.data, driverActor(tenantId, gateway.provider, ip), now));
  return { state };
};

/** 收款二维码: the URL an attendant's PDA shows for one record; the driver scans it and pays. */
export const recordPayQrCode = async (db: Db, auth: AuthContext, secret: string, baseUrl: string, recordId: string, now: Date) => {
  const record = await findRecord(db, auth.tenantId, recordId);
  if (!record) throw notFound('停车记录不存在');
  if (record.state === 'void') throw badRequest('停车记录已作废，不能收款');
  const token = signRecordToken(secret, { id: record.id, tenant: auth.tenantId, lane: null }, now, recordTokenTtlMs);
  return { url: `${baseUrl}/#${driverPagePaths.pda}?o=${token}`, expiresAt: new Date(now.getTime() + recordTokenTtlMs).toISOString() };
};

/**
 * 商户优惠码: for a car still in, the merchant page's address with a stay token of the record (never
 * the record token, which views and pays the order). A merchant who scans it is shown the car and
 * issues to it; the code is good for stayTokenTtlMs.
 */
export const stayCodeOf = async (db: Db, secret: string, baseUrl: string, token: string, now: Date): Promise<StayCode> => {
  const named = recordOfToken(secret, token, now);
  await tenantOf(db, named.tenant);
  const record = await withTenant(db, named.tenant, (tx) => findRecord(tx, named.tenant, named.id));
  if (!record || record.state === 'void') throw noRecord();
  if (record.state !== 'parked') throw badRequest('车辆已离场，无法领取商户优惠');
  const stay = signStayToken(secret, { id: record.id, tenant: named.tenant }, now, stayTokenTtlMs);
  return { url: `${baseUrl}/#${merchantPagePaths.home}?${merchantStayParam}=${stay}`, expiresAt: new Date(now.getTime() + stayTokenTtlMs).toISOString() };
};

/** The 商户优惠码 as a PNG, drawn as the lanes' codes are. */
export const stayCodePng = async (db: Db, secret: string, baseUrl: string, token: string, now: Date) => qrPng((await stayCodeOf(db, secret, baseUrl, token, now)).url);
