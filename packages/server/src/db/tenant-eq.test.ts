import { PgDialect, alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parkingLanes, parkingLots, parkingRecords, tenants } from './schema/index.js';
import { tenantEq } from './tenant-eq.js';

const dialect = new PgDialect();
const rendered = (condition: ReturnType<typeof tenantEq>) => dialect.sqlToQuery(condition).sql;

describe('a join on a link names the tenant of both rows', () => {
  it('joins two tables on the link and on the tenant', () => {
    expect(rendered(tenantEq(parkingLots.id, parkingRecords.lotId))).toBe(
      '("parking_lots"."id" = "parking_records"."lot_id" and "parking_lots"."tenant_id" = "parking_records"."tenant_id")',
    );
  });

  it('takes the tenant of an alias from the alias, so a table joined twice is told apart', () => {
    const entryLanes = alias(parkingLanes, 'entry_lane');
    expect(rendered(tenantEq(entryLanes.id, parkingRecords.entryLaneId))).toBe(
      '("entry_lane"."id" = "parking_records"."entry_lane_id" and "entry_lane"."tenant_id" = "parking_records"."tenant_id")',
    );
  });

  it('refuses a table with no tenant rather than join it on the link alone', () => {
    expect(() => tenantEq(tenants.id, parkingLots.tenantId)).toThrow(/no tenant/);
  });
});
