import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentChannel, ReminderChannel } from '@parking/contract';
import { users } from './identity.js';
import { recordCreatedAt, recordKey } from './orders.js';
import { parkingLots } from './parking.js';
import { paymentCreatedAt, paymentKey } from './payments.js';
import { createdAt, tenantLink, tenants } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** 催缴: staff reminding the owner of a plate of its arrears, by SMS, phone, letter or otherwise. */
export const arrearsReminders = pgTable(
  'arrears_reminders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    plateNumber: text('plate_number').notNull(),
    channel: text('channel').$type<ReminderChannel>().notNull(),
    content: text('content').notNull(),
    operatorId: uuid('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('arrears_reminders_tenant_plate').on(t.tenantId, t.plateNumber, t.createdAt),
    primaryKey({ name: 'arrears_reminders_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('arrears_reminders_operator_id_users_id_fk', t, t.operatorId, users).onDelete('set null'),
  ],
);

/** 追缴记录: a payment taken for a record that had gone to pursuit (欠费), written with the payment itself. */
export const recoveryRecords = pgTable(
  'recovery_records',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    recordId: uuid('record_id').notNull(),
    recordCreatedAt: recordCreatedAt(),
    paymentId: uuid('payment_id').notNull(),
    paymentCreatedAt: paymentCreatedAt(),
    plateNumber: text('plate_number').notNull(),
    lotId: uuid('lot_id').notNull(),
    amount: integer('amount').notNull(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one payment recovers once, whatever retries the payment saw
    uniqueIndex('recovery_records_tenant_payment').on(t.tenantId, t.paymentId),
    index('recovery_records_tenant_recovered_at').on(t.tenantId, t.recoveredAt),
    index('recovery_records_tenant_plate').on(t.tenantId, t.plateNumber),
    check('recovery_records_amount_positive', sql`${t.amount} > 0`),
    ...recordKey('recovery_records', t, 'no action'),
    ...paymentKey('recovery_records', t, 'no action'),
    primaryKey({ name: 'recovery_records_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('recovery_records_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
  ],
);
