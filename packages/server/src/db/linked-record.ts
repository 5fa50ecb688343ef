import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parkingRecords } from './schema/index.js';

/**
 * The record a row links to, joined by the link's whole key (tenant, id, month: recordKey in
 * schema/orders.ts). Records are partitioned by that month, so a page of rows looks for each record
 * in the one partition that holds it, where the id alone is looked for in every month's.
 */
export const linkedRecord = (link: { tenantId: AnyPgColumn; recordId: AnyPgColumn; recordCreatedAt: AnyPgColumn }): SQL =>
  and(eq(parkingRecords.tenantId, link.tenantId), eq(parkingRecords.id, link.recordId), eq(parkingRecords.createdAt, link.recordCreatedAt))!;
