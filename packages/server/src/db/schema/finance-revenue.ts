import { bigint, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { parkingLots } from './parking.js';
import { tenantLink, tenants } from './tenancy.js';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * 营收报表's kept daily aggregates: money per tenant, lot, Shanghai business day and payment channel
 * ('' for what stays owe, on their exit day). Written only by the statement triggers of migration
 * 0036 (and 0040) on records, payments, refunds, recoveries, coupons, group card uses and special bills, in the transaction of
 * each write; revenue_daily_recompute(tenant, from, to) reads the same facts from those tables.
 * (payments.stage, which the migration adds and a trigger sets, is read only by that SQL.)
 */
export const revenueDaily = pgTable(
  'revenue_daily',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    stays: fen('stays'),
    receivable: fen('receivable'),
    discount: fen('discount'),
    couponDiscount: fen('coupon_discount'),
    cardDiscount: fen('card_discount'),
    arrears: fen('arrears'),
    received: fen('received'),
    receivedPrepaid: fen('received_prepaid'),
    receivedRecovery: fen('received_recovery'),
    refunded: fen('refunded'),
    recovered: fen('recovered'),
    // since 0040: the discount's long-rental, white-list and waiver parts, and paid special bills among received
    longRentalDiscount: fen('long_rental_discount'),
    whiteListDiscount: fen('white_list_discount'),
    waiverDiscount: fen('waiver_discount'),
    receivedSpecial: fen('received_special'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.lotId, t.day, t.channel] }),
    index('revenue_daily_tenant_day').on(t.tenantId, t.day),
    tenantLink('revenue_daily_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('cascade'),
  ],
);
