import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './tenancy.js';

/**
 * Secrets the server makes for itself on first start (the QR signing key when QR_SECRET is unset),
 * kept in the database so every API process behind the load balancer signs alike. Not tenant data:
 * the tenant role may not read it (migration 0010).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
