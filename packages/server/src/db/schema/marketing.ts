import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GroupCardBenefit, PaymentChannel, SpecialBillStatus } from '@parking/contract';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 集团: a company whose cars park on its cards. */
export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_tenant_name').on(t.tenantId, t.name), primaryKey({ name: 'groups_pkey', columns: [t.id, t.tenantId] })],
);

/** 集团卡: a group's card for some plates on some lots, between two business days. */
export const groupCards = pgTable(
  'group_cards',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** no action: a group with cards cannot be deleted; the service says so first */
    groupId: uuid('group_id').notNull(),
    cardNo: text('card_no').notNull(),
    benefit: text('benefit').$type<GroupCardBenefit>().notNull(),
    discountPercent: integer('discount_percent'),
    /** fen */
    amountOff: integer('amount_off'),
    plates: text('plates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** lots are picked, and read back by name; a deleted lot simply drops out */
    lotIds: uuid('lot_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    monthlyQuota: integer('monthly_quota'),
    allowBind: boolean('allow_bind').notNull().default(false),
    maxPlates: integer('max_plates').notNull().default(5),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_cards_tenant_card_no').on(t.tenantId, t.cardNo),
    index('group_cards_tenant_group').on(t.tenantId, t.groupId),
    // the exit looks a plate up among the cards' plates
    index('group_cards_plates').using('gin', t.plates),
    primaryKey({ name: 'group_cards_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('group_cards_group_id_groups_id_fk', t, t.groupId, groups).onDelete('no action'),
  ],
);

/** One stay a card paid for (all or part): the month's count is the quota used; the record's detail names the card. */
export const groupCardUses = pgTable(
  'group_card_uses',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** no reference: a use outlives its card, so the record keeps saying which card paid */
    cardId: uuid('card_id').notNull(),
    cardNo: text('card_no').notNull(),
    groupName: text('group_name').notNull(),
    benefit: text('benefit').$type<GroupCardBenefit>().notNull(),
    /** the card's terms when used, so a correction of the stay's fee takes the same benefit off; null on uses from before they were kept */
    discountPercent: integer('discount_percent'),
    /** fen */
    amountOff: integer('amount_off'),
    lotId: uuid('lot_id').notNull(),
    plateNumber: text('plate_number').notNull(),
    /** the exit the stay was priced at: the record's exited_at */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    /** YYYY-MM in Shanghai: the quota is per natural month */
    month: text('month').notNull(),
    /** fen */
    due: integer('due').notNull(),
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('group_card_uses_tenant_card_month').on(t.tenantId, t.cardId, t.month),
    index('group_card_uses_tenant_lot_plate_at').on(t.tenantId, t.lotId, t.plateNumber, t.usedAt),
    primaryKey({ name: 'group_card_uses_pkey', columns: [t.id, t.tenantId] }),
  ],
);

/** 特殊账单: a charge staff raise outside parking time (车辆损坏赔偿, 过夜服务费), paid by the driver from its QR code. */
export const specialBills = pgTable(
  'special_bills',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** no reference: a bill outlives its lot (it is money owed or paid); a deleted lot reads as such */
    lotId: uuid('lot_id').notNull(),
    plateNumber: text('plate_number'),
    item: text('item').notNull(),
    /** fen */
    amount: integer('amount').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').$type<SpecialBillStatus>().notNull().default('unpaid'),
    /** fen; what the payment brought in, 0 until then */
    paidAmount: integer('paid_amount').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the payment channel the money came by (营收报表 counts it there), null until paid */
    paidChannel: text('paid_channel').$type<PaymentChannel>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** the staff account that raised it, kept as text: the bill outlives the account */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('special_bills_tenant_created').on(t.tenantId, t.createdAt),
    index('special_bills_tenant_plate_prefix').on(t.tenantId, t.plateNumber.op('text_pattern_ops')),
    primaryKey({ name: 'special_bills_pkey', columns: [t.id, t.tenantId] }),
  ],
);
