import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppealDecision, AppealOutcomeKind, AppealReason, AppealStatus, ComplaintCategory, ComplaintChannel, ComplaintStatus, RecordEditSnapshot } from '@parking/contract';
import { customers } from './customers.js';
import { users } from './identity.js';
import { recordCreatedAt, recordKey } from './orders.js';
import { tenantLink, tenants } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A tenant's 客户投诉 settings: its 处理时限 in hours from receipt (48 while it has no row). */
export const complaintSettings = pgTable('complaint_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  deadlineHours: integer('deadline_hours').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * 客户投诉: one driver's complaint and how it ended. Its deadline is fixed when it is received (the
 * tenant's 处理时限 then), so changing the setting moves no complaint already taken.
 */
export const complaints = pgTable(
  'complaints',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    category: text('category').$type<ComplaintCategory>().notNull(),
    channel: text('channel').$type<ComplaintChannel>().notNull(),
    status: text('status').$type<ComplaintStatus>().notNull().default('pending'),
    content: text('content').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull(),
    /** '' when the complaint names no plate */
    plateNumber: text('plate_number').notNull().default(''),
    plateColour: integer('plate_colour'),
    recordId: uuid('record_id'),
    recordCreatedAt: recordCreatedAt(),
    /** the owner account of the contact phone, when there is one */
    customerId: uuid('customer_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    result: text('result').notNull().default(''),
    /** the staff member who entered it; null for the owner's own filing */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('complaints_tenant_received').on(t.tenantId, t.receivedAt),
    // the open ones past their deadline are counted on every list page
    index('complaints_tenant_status_deadline').on(t.tenantId, t.status, t.deadlineAt),
    index('complaints_tenant_customer').on(t.tenantId, t.customerId),
    ...recordKey('complaints', t, 'set null'),
    primaryKey({ name: 'complaints_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('complaints_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('set null'),
    tenantLink('complaints_created_by_users_id_fk', t, t.createdBy, users).onDelete('set null'),
    tenantLink('complaints_completed_by_users_id_fk', t, t.completedBy, users).onDelete('set null'),
  ],
);

/** 投诉回复: the thread of a complaint, staff replies and the owner's supplements, oldest first. */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    complaintId: uuid('complaint_id').notNull(),
    author: text('author').$type<'staff' | 'owner'>().notNull(),
    userId: uuid('user_id'),
    /** as shown in the thread when written: the staff member's name, or the owner's masked phone */
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('complaint_replies_tenant_complaint').on(t.tenantId, t.complaintId, t.createdAt),
    primaryKey({ name: 'complaint_replies_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('complaint_replies_complaint_id_complaints_id_fk', t, t.complaintId, complaints).onDelete('cascade'),
    tenantLink('complaint_replies_user_id_users_id_fk', t, t.userId, users).onDelete('set null'),
  ],
);

/**
 * 申诉: a driver's dispute of one parking record and how it was decided. One open (待审核) appeal per
 * record; a reviewer holds it (领取) until claimed_until, and its outcome changes the record only
 * through the orders module's record core.
 */
export const appeals = pgTable(
  'appeals',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    recordId: uuid('record_id').notNull(),
    recordCreatedAt: recordCreatedAt(),
    customerId: uuid('customer_id'),
    /** the owner's phone when filed */
    phone: text('phone').notNull(),
    /** the record's plate when filed */
    plateNumber: text('plate_number').notNull(),
    plateColour: integer('plate_colour').notNull(),
    reason: text('reason').$type<AppealReason>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('pending'),
    outcome: text('outcome').$type<AppealOutcomeKind>(),
    decision: jsonb('decision').$type<AppealDecision>(),
    result: text('result').notNull().default(''),
    rejectReason: text('reject_reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    before: jsonb('before').$type<RecordEditSnapshot>(),
    after: jsonb('after').$type<RecordEditSnapshot>(),
    claimedBy: uuid('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // one open appeal per record: a second one waits for the first's decision
    uniqueIndex('appeals_tenant_record_open')
      .on(t.tenantId, t.recordId)
      .where(sql`${t.status} = 'pending'`),
    index('appeals_tenant_filed').on(t.tenantId, t.filedAt),
    index('appeals_tenant_status').on(t.tenantId, t.status, t.filedAt),
    index('appeals_tenant_customer').on(t.tenantId, t.customerId),
    ...recordKey('appeals', t, 'cascade'),
    primaryKey({ name: 'appeals_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('appeals_customer_id_customers_id_fk', t, t.customerId, customers).onDelete('set null'),
    tenantLink('appeals_claimed_by_users_id_fk', t, t.claimedBy, users).onDelete('set null'),
    tenantLink('appeals_decided_by_users_id_fk', t, t.decidedBy, users).onDelete('set null'),
  ],
);
