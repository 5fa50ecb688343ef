import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CouponKind, CouponState, MerchantKind, MerchantLedgerKind, MerchantSettlement } from '@parking/contract';
import { users } from './identity.js';
import { recordCreatedAt, recordKey } from './orders.js';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 商户: a shop, mall or hotel that pays for its customers' parking with coupons. */
export const merchants = pgTable(
  'merchants',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<MerchantKind>().notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull(),
    /** where its coupons work; a deleted lot simply drops out */
    lotIds: uuid('lot_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    settlement: text('settlement').$type<MerchantSettlement>().notNull(),
    /** fen; moved only with a line of merchant_ledger */
    balance: integer('balance').notNull().default(0),
    overdraftLimit: integer('overdraft_limit').notNull().default(0),
    dailyCouponLimit: integer('daily_coupon_limit'),
    monthlyCouponLimit: integer('monthly_coupon_limit'),
    /** fen */
    monthlyAmountLimit: integer('monthly_amount_limit'),
    /** signs in to the merchant's phone page */
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_tenant_name').on(t.tenantId, t.name),
    uniqueIndex('merchants_tenant_account').on(t.tenantId, t.account),
    primaryKey({ name: 'merchants_pkey', columns: [t.id, t.tenantId] }),
  ],
);

/** 余额流水: every move of a merchant's balance, with the balance before and after it. */
export const merchantLedger = pgTable(
  'merchant_ledger',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** the order lines were written in, also of lines written in one moment */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    merchantId: uuid('merchant_id').notNull(),
    kind: text('kind').$type<MerchantLedgerKind>().notNull(),
    /** fen, signed */
    amount: integer('amount').notNull(),
    balanceBefore: integer('balance_before').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** no reference: the line outlives its coupon */
    couponId: uuid('coupon_id'),
    couponNo: text('coupon_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** the staff member's name, or 商户 for the merchant's own issue */
    operator: text('operator').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_ledger_tenant_merchant_at').on(t.tenantId, t.merchantId, t.createdAt),
    index('merchant_ledger_tenant_at').on(t.tenantId, t.createdAt),
    primaryKey({ name: 'merchant_ledger_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('merchant_ledger_merchant_id_merchants_id_fk', t, t.merchantId, merchants).onDelete('cascade'),
  ],
);

/** 券种: what a coupon gives, what the merchant pays for it, and how long and with what it may be used. */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    minutes: integer('minutes'),
    amountOff: integer('amount_off'),
    discountPercent: integer('discount_percent'),
    maxOff: integer('max_off'),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    /** fen */
    price: integer('price').notNull(),
    validHours: integer('valid_hours').notNull(),
    beforeEntry: boolean('before_entry').notNull().default(false),
    stackable: boolean('stackable').notNull().default(false),
    stackLimit: integer('stack_limit').notNull().default(1),
    withBenefits: boolean('with_benefits').notNull().default(false),
    /** fen */
    minDue: integer('min_due').notNull().default(0),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('coupon_templates_tenant_name').on(t.tenantId, t.name), primaryKey({ name: 'coupon_templates_pkey', columns: [t.id, t.tenantId] })],
);

/**
 * 优惠券: one coupon issued to a plate, with its template's terms as they were at issue (a template
 * changed later changes no coupon out there) and the merchant's lots then.
 */
export const coupons = pgTable(
  'coupons',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** 券号: the coupon's number as printed, from one sequence */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    templateId: uuid('template_id'),
    templateName: text('template_name').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    minutes: integer('minutes'),
    amountOff: integer('amount_off'),
    discountPercent: integer('discount_percent'),
    maxOff: integer('max_off'),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    stackable: boolean('stackable').notNull(),
    stackLimit: integer('stack_limit').notNull(),
    withBenefits: boolean('with_benefits').notNull(),
    minDue: integer('min_due').notNull(),
    /** no action: a merchant with coupons out is not deleted; the service says so first */
    merchantId: uuid('merchant_id').notNull(),
    merchantName: text('merchant_name').notNull(),
    lotIds: uuid('lot_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull(),
    /** fen the merchant pays for it */
    price: integer('price').notNull(),
    /** unused, in_use, used or revoked; 已过期 is read from expires_at */
    state: text('state').$type<Exclude<CouponState, 'expired'>>().notNull().default('unused'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    recordId: uuid('record_id'),
    recordCreatedAt: recordCreatedAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** fen it took off the stay */
    discount: integer('discount').notNull().default(0),
    issuedBy: text('issued_by').notNull(),
    issuedByUser: uuid('issued_by_user'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the exit looks up a plate's coupons still to use
    index('coupons_tenant_plate_state').on(t.tenantId, t.plateNumber, t.state),
    index('coupons_tenant_merchant_issued').on(t.tenantId, t.merchantId, t.issuedAt),
    index('coupons_tenant_issued').on(t.tenantId, t.issuedAt),
    index('coupons_tenant_used').on(t.tenantId, t.usedAt),
    index('coupons_tenant_record').on(t.tenantId, t.recordId),
    ...recordKey('coupons', t, 'set null'),
    primaryKey({ name: 'coupons_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('coupons_template_id_coupon_templates_id_fk', t, t.templateId, couponTemplates).onDelete('set null'),
    tenantLink('coupons_merchant_id_merchants_id_fk', t, t.merchantId, merchants).onDelete('no action'),
    tenantLink('coupons_issued_by_user_users_id_fk', t, t.issuedByUser, users).onDelete('set null'),
  ],
);

/**
 * A merchant's signed-in session on its phone page, apart from staff and owner sessions: its own
 * token, stored only as its SHA-256, reaching only its merchant's coupons.
 */
export const merchantSessions = pgTable(
  'merchant_sessions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | disabled */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    // a cookie's session is found by its token's hash before its tenant is known, through the second
    // index (the token is 256 random bits: two tenants' sessions never share one)
    uniqueIndex('merchant_sessions_tenant_token_hash').on(t.tenantId, t.tokenHash),
    index('merchant_sessions_by_token_hash').on(t.tokenHash),
    index('merchant_sessions_tenant_merchant').on(t.tenantId, t.merchantId),
    primaryKey({ name: 'merchant_sessions_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('merchant_sessions_merchant_id_merchants_id_fk', t, t.merchantId, merchants).onDelete('cascade'),
  ],
);
