import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const organizations = pgTable(
  'organizations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_tenant_code').on(t.tenantId, t.code), primaryKey({ name: 'organizations_pkey', columns: [t.id, t.tenantId] })],
);

export const positions = pgTable(
  'positions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('positions_tenant_code').on(t.tenantId, t.code),
    primaryKey({ name: 'positions_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('positions_organization_id_organizations_id_fk', t, t.organizationId, organizations).onDelete('set null'),
  ],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** the default system role every user holds cannot be deleted */
    isSystem: boolean('is_system').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code').on(t.tenantId, t.code), primaryKey({ name: 'roles_pkey', columns: [t.id, t.tenantId] })],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    /** argon2id over the client's MD5 hex of the typed password */
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    /** URL of the uploaded avatar under /uploads/; empty shows initials */
    avatar: text('avatar').notNull().default(''),
    /** 1 enabled, 0 disabled */
    status: integer('status').notNull().default(1),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    organizationId: uuid('organization_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_tenant_account').on(t.tenantId, sql`lower(${t.account})`),
    primaryKey({ name: 'users_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('users_organization_id_organizations_id_fk', t, t.organizationId, organizations).onDelete('set null'),
  ],
);

export const userPositions = pgTable(
  'user_positions',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    positionId: uuid('position_id').notNull(),
    /** the first position (lowest sort) decides whether an mw user sees only the finance warnings */
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'user_positions_user_id_position_id_pk', columns: [t.userId, t.positionId, t.tenantId] }),
    tenantLink('user_positions_position_id_positions_id_fk', t, t.positionId, positions).onDelete('cascade'),
    tenantLink('user_positions_user_id_users_id_fk', t, t.userId, users).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_roles_user_id_role_id_pk', columns: [t.userId, t.roleId, t.tenantId] }),
    tenantLink('user_roles_role_id_roles_id_fk', t, t.roleId, roles).onDelete('cascade'),
    tenantLink('user_roles_user_id_users_id_fk', t, t.userId, users).onDelete('cascade'),
  ],
);

export const menus = pgTable(
  'menus',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    parentId: uuid('parent_id'),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    icon: text('icon').notNull().default(''),
    urlAddress: text('url_address').notNull().default(''),
    /** 1 folder, 2 page */
    type: integer('type').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menus_tenant_code').on(t.tenantId, t.enCode), primaryKey({ name: 'menus_pkey', columns: [t.id, t.tenantId] })],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantId(),
    roleId: uuid('role_id').notNull(),
    menuId: uuid('menu_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'role_menus_role_id_menu_id_pk', columns: [t.roleId, t.menuId, t.tenantId] }),
    tenantLink('role_menus_menu_id_menus_id_fk', t, t.menuId, menus).onDelete('cascade'),
    tenantLink('role_menus_role_id_roles_id_fk', t, t.roleId, roles).onDelete('cascade'),
  ],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    dictName: text('dict_name').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dictionaries_tenant_name_value').on(t.tenantId, t.dictName, t.value), primaryKey({ name: 'dictionaries_pkey', columns: [t.id, t.tenantId] })],
);

/** A signed-in session; the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password | disabled | elsewhere */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    // a cookie's session is found by its token's hash before its tenant is known, through the second
    // index (the token is 256 random bits: two tenants' sessions never share one)
    uniqueIndex('sessions_tenant_token_hash').on(t.tenantId, t.tokenHash),
    index('sessions_by_token_hash').on(t.tokenHash),
    index('sessions_tenant_user').on(t.tenantId, t.userId),
    primaryKey({ name: 'sessions_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('sessions_user_id_users_id_fk', t, t.userId, users).onDelete('cascade'),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    account: text('account').notNull(),
    ip: text('ip').notNull().default(''),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
    /** set on failures an administrator's 解除限制 no longer counts; the sign-in notice still tells of them */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('login_attempts_account_time').on(t.tenantId, t.account, t.createdAt), primaryKey({ name: 'login_attempts_pkey', columns: [t.id, t.tenantId] })],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    account: text('account').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_account_time').on(t.tenantId, t.account, t.sentAt), primaryKey({ name: 'sms_codes_pkey', columns: [t.id, t.tenantId] })],
);
