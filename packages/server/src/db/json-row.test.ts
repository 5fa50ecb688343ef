import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { rowFromJson, rowsOf } from './json-row.js';
import { migrate } from './migrate.js';
import { longRentals, parkingLots, parkingRecords, tenants } from './schema/index.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database);
});

afterAll(() => database.close());

describe('rowFromJson', () => {
  it('reads a to_jsonb row back exactly as drizzle reads the table: field names, dates, arrays, jsonb and nulls', async () => {
    const db = database.db;
    const [tenant] = await db.insert(tenants).values({ code: 'jsonrow', name: '行读取', title: '行读取' }).returning();
    const [lot] = await db
      .insert(parkingLots)
      .values({ tenantId: tenant!.id, name: '读取停车场', type: 1, kind: 'lane', totalSpaces: 5, freeCount: 5, eventRules: { longStayHours: 12 } })
      .returning();
    const [record] = await db
      .insert(parkingRecords)
      .values({
        tenantId: tenant!.id,
        lotId: lot!.id,
        plateNumber: '粤B12345',
        plateColour: 1,
        enteredAt: new Date('2026-11-20T01:02:03.456Z'),
        state: 'parked',
        abnormal: true,
        abnormalReasons: ['low_confidence', 'duplicate_entry'],
      })
      .returning();
    const [rental] = await db
      .insert(longRentals)
      .values({ tenantId: tenant!.id, lotId: lot!.id, plateNumber: '粤B12345', ownerName: '张三', phone: '13800000000', monthlyPrice: 30000, validFrom: '2026-11-01', validTo: '2026-11-30' })
      .returning();

    const [row] = rowsOf(
      await db.execute(sql`SELECT (SELECT to_jsonb(r) FROM parking_records r WHERE r.id = ${record!.id}) AS record,
                                  (SELECT to_jsonb(l) FROM parking_lots l WHERE l.id = ${lot!.id}) AS lot,
                                  (SELECT to_jsonb(x) FROM long_rentals x WHERE x.id = ${rental!.id}) AS rental`),
    );
    expect(rowFromJson(parkingRecords, row!.record)).toEqual(record);
    expect(rowFromJson(parkingLots, row!.lot)).toEqual(lot);
    expect(rowFromJson(longRentals, row!.rental)).toEqual(rental);
    expect(rowFromJson(parkingRecords, row!.record)!.enteredAt).toBeInstanceOf(Date);
  });

  it('answers undefined for a missing row', () => {
    expect(rowFromJson(parkingRecords, null)).toBeUndefined();
    expect(rowFromJson(parkingRecords, undefined)).toBeUndefined();
  });
});
