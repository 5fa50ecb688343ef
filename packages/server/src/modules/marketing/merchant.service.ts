import {
  businessDay,
  businessDayStart,
  formatAmount,
  type Merchant,
  type MerchantLedgerEntry,
  type MerchantLedgerListValues,
  type MerchantLedgerValues,
  type MerchantListValues,
  type MerchantOption,
  type MerchantOptionsQuery,
  type MerchantValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { hashPassword } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { lotNamesOf } from '../parking/index.js';
import { recordOperation } from '../system/index.js';
import {
  deleteMerchantRow,
  endMerchantSessions,
  findMerchant,
  hasCoupons,
  insertMerchant,
  lockMerchant,
  merchantNamed,
  merchantOptionRows,
  moveBalance,
  pageLedger,
  pageMerchants,
  updateMerchantRow,
  type CountWindow,
  type LedgerRow,
  type MerchantWithCounts,
} from './merchant.repository.js';

export const merchantTarget = 'merchant';

/** The Shanghai day and month `now` falls in: what a merchant's issue counts and limits are of. */
export const countWindow = (now: Date): CountWindow => {
  const day = businessDay(now);
  return { dayStart: businessDayStart(day), monthStart: businessDayStart(`${day.slice(0, 7)}-01`) };
};

export const toMerchant = (row: MerchantWithCounts, lotNames: ReadonlyMap<string, string>): Merchant => {
  const { merchant: m } = row;
  const lotIds = m.lotIds.filter((id) => lotNames.has(id));
  return {
    id: m.id,
    name: m.name,
    kind: m.kind,
    contactName: m.contactName,
    contactPhone: m.contactPhone,
    lotIds,
    lotNames: lotIds.map((id) => lotNames.get(id)!),
    settlement: m.settlement,
    balance: m.balance,
    overdraftLimit: m.overdraftLimit,
    dailyCouponLimit: m.dailyCouponLimit,
    monthlyCouponLimit: m.monthlyCouponLimit,
    monthlyAmountLimit: m.monthlyAmountLimit,
    issuedToday: row.issuedToday,
    issuedThisMonth: row.issuedThisMonth,
    amountThisMonth: row.amountThisMonth,
    account: m.account,
    remark: m.remark,
    enabled: m.enabled,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
};

export const listMerchants = async (db: Db, auth: AuthContext, query: MerchantListValues, now: Date) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageMerchants(db, auth.tenantId, filter, countWindow(now), page);
  const names = await lotNamesOf(db, auth.tenantId, [...new Set(rows.flatMap((r) => r.merchant.lotIds))]);
  return pageAnswer(rows, page, total, (row) => toMerchant(row, names));
};

export const merchantOptions = async (db: Db, auth: AuthContext, query: MerchantOptionsQuery): Promise<MerchantOption[]> => merchantOptionRows(db, auth.tenantId, query);

export const getMerchant = async (db: Db, tenantId: string, id: string, now: Date) => {
  const row = await findMerchant(db, tenantId, id, countWindow(now));
  if (!row) throw notFound('商户不存在或已删除');
  return toMerchant(row, await lotNamesOf(db, tenantId, row.merchant.lotIds));
};

const checkInput = async (db: Db, tenantId: string, input: MerchantValues, exceptId?: string) => {
  const names = await lotNamesOf(db, tenantId, input.lotIds);
  if (names.size !== input.lotIds.length) throw fieldRefused('lotIds', '所选停车场不存在');
  if (await merchantNamed(db, tenantId, 'name', input.name, exceptId)) throw conflict(`商户「${input.name}」已存在`, 'name');
  if (await merchantNamed(db, tenantId, 'account', input.account, exceptId)) throw conflict(`登录账号「${input.account}」已被其他商户使用`, 'account');
};

/** The columns of a merchant as typed: its password (the MD5 the console sends, as its phone will at sign-in) stored only as a hash. */
const columnsOf = async (input: MerchantValues) => {
  const { password, ...rest } = input;
  return { ...rest, ...(password === '' ? {} : { passwordHash: await hashPassword(password) }) };
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: Merchant, after?: Merchant) =>
  recordOperation(db, auth, { module: 'marketing', action, target: merchantTarget, targetId: id, summary, before, after });

export const createMerchant = async (db: Db, auth: AuthContext, input: MerchantValues, now: Date) => {
  if (input.password === '') throw fieldRefused('password', '请输入登录密码');
  await checkInput(db, auth.tenantId, input);
  const { passwordHash, ...columns } = await columnsOf(input);
  const id = await insertMerchant(db, auth.tenantId, { ...columns, passwordHash: passwordHash! });
  const created = await getMerchant(db, auth.tenantId, id, now);
  await log(db, auth, 'create', id, `新增商户「${created.name}」`, undefined, created);
  return created;
};

export const updateMerchant = async (db: Db, auth: AuthContext, id: string, input: MerchantValues, now: Date) => {
  const before = await getMerchant(db, auth.tenantId, id, now);
  await checkInput(db, auth.tenantId, input, id);
  if (input.settlement !== before.settlement && before.balance !== 0) throw conflict(`商户余额为${formatAmount(before.balance)}元，请先调整为0再更改结算方式`, 'settlement');
  await updateMerchantRow(db, auth.tenantId, id, await columnsOf(input));
  // a new password signs the phones in with the old one out
  if (input.password !== '') await endMerchantSessions(db, auth.tenantId, id);
  const after = await getMerchant(db, auth.tenantId, id, now);
  await log(db, auth, 'update', id, `修改商户「${after.name}」${input.password === '' ? '' : '，重设登录密码'}`, before, after);
  return after;
};

/** A merchant with coupons out, or money in its balance, stays: disable it instead. */
export const deleteMerchant = async (db: Db, auth: AuthContext, id: string, now: Date) => {
  const before = await getMerchant(db, auth.tenantId, id, now);
  if (await hasCoupons(db, auth.tenantId, id)) throw conflict(`商户「${before.name}」已发过优惠券，不能删除，可停用`);
  if (before.balance !== 0) throw conflict(`商户「${before.name}」余额为${formatAmount(before.balance)}元，不能删除，请先调整为0`);
  await deleteMerchantRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除商户「${before.name}」`, before);
};

const toEntry = ({ line, merchantName }: LedgerRow): MerchantLedgerEntry => ({
  id: line.id,
  merchantId: line.merchantId,
  merchantName,
  kind: line.kind,
  amount: line.amount,
  balanceBefore: line.balanceBefore,
  balanceAfter: line.balanceAfter,
  couponId: line.couponId,
  couponNo: line.couponNo,
  remark: line.remark,
  operator: line.operator,
  createdAt: line.createdAt.toISOString(),
});

export const listLedger = async (db: Db, auth: AuthContext, query: MerchantLedgerListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageLedger(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toEntry);
};

/**
 * 充值 or 调整 of a 预付 merchant's balance: one ledger line with the balance before and after. An
 * adjustment may not take the balance below the overdraft limit.
 */
export const addLedgerEntry = async (db: Db, auth: AuthContext, id: string, input: MerchantLedgerValues, now: Date) => {
  const before = await getMerchant(db, auth.tenantId, id, now);
  const merchant = await lockMerchant(db, auth.tenantId, id);
  if (!merchant) throw notFound('商户不存在或已删除');
  if (merchant.settlement !== 'prepaid') throw badRequest('后付商户没有余额，无需充值');
  const after = merchant.balance + input.amount;
  if (after < -merchant.overdraftLimit) throw fieldRefused('amount', `调整后余额${formatAmount(after)}元，低于透支额度${formatAmount(merchant.overdraftLimit)}元`);
  const line = await moveBalance(db, merchant, { kind: input.kind, amount: input.amount, couponId: null, couponNo: '', remark: input.remark, operator: auth.account, at: now });
  const word = input.kind === 'top_up' ? '充值' : '调整';
  await recordOperation(db, auth, {
    module: 'marketing',
    action: 'update',
    target: merchantTarget,
    targetId: id,
    summary: `商户「${before.name}」${word}${formatAmount(input.amount)}元，余额${formatAmount(line.balanceBefore)}元→${formatAmount(line.balanceAfter)}元`,
    before,
    after: await getMerchant(db, auth.tenantId, id, now),
  });
  return toEntry({ line, merchantName: before.name });
};
