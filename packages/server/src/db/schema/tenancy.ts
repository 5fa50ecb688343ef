import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A link from a row to another row of its tenant, by the other's id with the tenant (its key): a link
 * cannot cross tenants, and a database spread across nodes by tenant keeps both rows on one node
 * (docs/SCALING.md). Where the link is cleared on delete, the migration clears the column alone
 * (`ON DELETE SET NULL (column)`), which Drizzle cannot say: the tenant stays.
 */
export const tenantLink = (name: string, row: { tenantId: AnyPgColumn }, column: AnyPgColumn, target: { id: AnyPgColumn; tenantId: AnyPgColumn }) =>
  foreignKey({ name, columns: [column, row.tenantId], foreignColumns: [target.id, target.tenantId] });

/** A tenant is one operator company; its `code` is the sign-in "account" (`?account=`, the `account` cookie) that picks the branding. */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    logo: text('logo').notNull().default(''),
    favicon: text('favicon').notNull().default(''),
    weatherLocation: text('weather_location').notNull().default(''),
    icpNo: text('icp_no').notNull().default(''),
    policeNo: text('police_no').notNull().default(''),
    bigScreenType: integer('big_screen_type').notNull().default(1),
    footerText: text('footer_text').notNull().default(''),
    smsCaptchaOpen: boolean('sms_captcha_open').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** the platform's own tenant: its administrators manage every tenant (system/tenant) */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** days the photos of settled parking records are kept (orders/record-retention.job.ts) */
    photoRetentionDays: integer('photo_retention_days').notNull().default(365),
    /** days the raw vehicle events are kept */
    eventRetentionDays: integer('event_retention_days').notNull().default(180),
    /** the catalogue menus this tenant has been given (db/seed/menu-sync.ts): a page an upgrade adds is given once, and one removed stays removed */
    menusOffered: text('menus_offered')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_one_platform')
      .on(t.isPlatform)
      .where(sql`is_platform`),
  ],
);

export { createdAt, updatedAt };
