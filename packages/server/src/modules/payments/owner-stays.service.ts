import { ownerPagePaths, type CustomerPayments, type CustomerStayQuery, type CustomerStays, type OwnerArrears, type OwnerStay } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { historyVisibleIn, ownerPlates, staysVisibleIn, type OwnerContext } from '../customers/index.js';
import { signRecordToken } from '../parking/index.js';
import { recordTokenTtlMs, startDriverPayment } from './driver-record.service.js';
import type { PaymentGateway } from './gateway/payment-gateway.js';
import { owedByOwners, pagePlatePayments, pagePlateStays, plateArrears, plateMoney, type StayRow } from './owner-stays.repository.js';

/** A stay as the owner sees it: its lot, entry, exit, how long (to `now` while the car is in) and its money. */
const toStay = (row: StayRow, now: Date): OwnerStay => ({
  id: row.id,
  lotName: row.lotName ?? '',
  plateNumber: row.plateNumber,
  plateColour: row.plateColour,
  enteredAt: row.enteredAt?.toISOString() ?? null,
  exitedAt: row.exitedAt?.toISOString() ?? null,
  durationSeconds: row.enteredAt ? Math.max(0, Math.floor(((row.exitedAt ?? now).getTime() - row.enteredAt.getTime()) / 1000)) : 0,
  amountDue: row.amountDue,
  discount: row.discount,
  paid: row.paid,
  unpaid: row.unpaid,
  state: row.state,
});

/** 我的停车: the stays of the owner's 已认证 plates in every lot of the operator, newest first, paid and unpaid. */
export const ownerStays = async (db: Db, owner: OwnerContext, query: { currentPage: number; pageSize: number }, now: Date) => {
  const plates = await ownerPlates(db, owner.tenantId, owner.customerId, historyVisibleIn);
  const { rows, total } = await pagePlateStays(db, owner.tenantId, plates, false, query);
  return pageAnswer(rows, query, total, (row) => toStay(row, now));
};

/** 欠费: the owner's stays left unpaid, and what they owe in all. */
export const ownerArrears = async (db: Db, owner: OwnerContext, now: Date): Promise<OwnerArrears> => {
  const plates = await ownerPlates(db, owner.tenantId, owner.customerId);
  const list = (await plateArrears(db, owner.tenantId, plates)).map((row) => toStay(row, now));
  return { owed: list.reduce((sum, stay) => sum + stay.unpaid, 0), list };
};

/**
 * The stay an owner asks to pay: one of their own left unpaid. Another owner's stay, or an unknown
 * one, is not found; one settled meanwhile needs no payment.
 */
export const ownerArrearToPay = async (db: Db, owner: OwnerContext, recordId: string) => {
  const plates = await ownerPlates(db, owner.tenantId, owner.customerId);
  const stays = await plateArrears(db, owner.tenantId, plates);
  const stay = stays.find((row) => row.id === recordId);
  if (stay) return stay.id;
  const { rows } = await pagePlateStays(db, owner.tenantId, plates, false, { currentPage: 1, pageSize: 1000 });
  if (rows.some((row) => row.id === recordId)) throw badRequest('该订单无需支付');
  throw notFound('欠费记录不存在');
};

/**
 * 去支付: the arrear is paid as a driver pays a record from its page (startDriverPayment), so the
 * provider's notice records it through the one payment path, which clears its pursuit (追缴) as a
 * payment staff record does. The cashier brings the owner back to 欠费.
 */
export const payOwnerArrear = (gateway: PaymentGateway | undefined, db: Db, secret: string, owner: OwnerContext, recordId: string, publicBaseUrl: string, now: Date) => {
  const token = signRecordToken(secret, { id: recordId, tenant: owner.tenantId, lane: null }, now, recordTokenTtlMs);
  return startDriverPayment(db, gateway, secret, token, publicBaseUrl, now, ownerPagePaths.arrears);
};

/** 车主详情: the owner's stays in every lot (all, or only those left unpaid), paged, with their money in all. */
export const customerStays = async (
  db: Db,
  auth: AuthContext,
  customerId: string,
  query: CustomerStayQuery & { currentPage: number; pageSize: number },
  now: Date,
): Promise<CustomerStays> => {
  const { page, filter } = splitPage(query);
  const plates = await ownerPlates(db, auth.tenantId, customerId);
  const { rows, total } = await pagePlateStays(db, auth.tenantId, plates, filter.unpaidOnly === '1', page);
  return { ...pageAnswer(rows, page, total, (row) => toStay(row, now)), ...(await plateMoney(db, auth.tenantId, plates)) };
};

/**
 * 车主详情's 支付记录: the payments of the plates whose stays the owner's detail shows (staysVisibleIn),
 * newest first, paged; an owner of another tenant, or none, is not found.
 */
export const customerPayments = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, customerId: string, page: { currentPage: number; pageSize: number }): Promise<CustomerPayments> => {
  const plates = await ownerPlates(db, auth.tenantId, customerId, staysVisibleIn);
  const { rows, total } = await pagePlatePayments(db, auth.tenantId, plates, page);
  return pageAnswer(rows, page, total, (row) => ({
    ...row,
    paidAt: row.paidAt.toISOString(),
    lotName: row.lotName ?? '',
    refunded: Number(row.refunded),
  }));
};

/** 车主's 欠费 column: what each owner of a list page owes, by the plates whose stays they see; unknown ids owe 0. */
export const customersOwed = async (db: Db, auth: AuthContext, customerIds: readonly string[]) => {
  const owed = await owedByOwners(db, auth.tenantId, customerIds, staysVisibleIn);
  return customerIds.map((customerId) => ({ customerId, owed: owed.get(customerId) ?? 0 }));
};
