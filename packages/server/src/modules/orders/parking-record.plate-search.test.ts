import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { parkingLots, parkingRecords } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-scope.js';
import { seededDemoDatabase } from '../../test/test-app.js';
import { pageParkingRecords, plateSearchReads } from './parking-record.repository.js';

// A plate search's first page reads the newest entries until the page is full when the plate is
// common among the tenant's records (walk), or every match and sorts them when it is rare (gather):
// both must give the page the list gives in entry order, newest first, records without an entry
// time ahead of the rest (PostgreSQL sorts nulls first when descending).

let database: Database;
let tenantId: string;
let lotId: string;
let otherLotId: string;
type Row = { id: string; plate: string; lot: string; enteredAt: Date | null; createdAt: Date };
const written: Row[] = [];

beforeAll(async () => {
  ({ database, tenantId } = await seededDemoDatabase());
  const lots = await database.db
    .insert(parkingLots)
    .values([
      { tenantId, name: '车牌检索一场', type: 1, kind: 'lane' },
      { tenantId, name: '车牌检索二场', type: 1, kind: 'lane' },
    ])
    .returning({ id: parkingLots.id });
  [lotId, otherLotId] = [lots[0]!.id, lots[1]!.id];
  const at = (minutes: number) => new Date(Date.parse('2026-03-02T01:00:00Z') + minutes * 60_000);
  // 240 of 粤K (common), 15 of 粤Q (rare), one of each without an entry time; entries out of write order
  const plates = [...Array.from({ length: 240 }, (_, n) => `粤K${String(n).padStart(5, '0')}`), ...Array.from({ length: 15 }, (_, n) => `粤Q${String(n).padStart(5, '0')}`)];
  plates.forEach((plate, n) => {
    const entered = n === 7 || n === 241 ? null : at((n * 37) % 500);
    written.push({ id: '', plate, lot: n % 3 === 0 ? otherLotId : lotId, enteredAt: entered, createdAt: at(n) });
  });
  const ids = await database.db
    .insert(parkingRecords)
    .values(written.map((r) => ({ tenantId, lotId: r.lot, plateNumber: r.plate, enteredAt: r.enteredAt, createdAt: r.createdAt, updatedAt: r.createdAt })))
    .returning({ id: parkingRecords.id });
  ids.forEach((row, n) => (written[n]!.id = row.id));
});
afterAll(() => database?.close());

/** The list's order: entry time newest first (none ahead), then the newest written, then the id. */
const listOrder = (rows: Row[]) =>
  [...rows].sort((a, b) => {
    if ((a.enteredAt === null) !== (b.enteredAt === null)) return a.enteredAt === null ? -1 : 1;
    const entered = (b.enteredAt?.getTime() ?? 0) - (a.enteredAt?.getTime() ?? 0);
    if (entered !== 0) return entered;
    const created = b.createdAt.getTime() - a.createdAt.getTime();
    return created !== 0 ? created : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });

const search = (filter: Parameters<typeof pageParkingRecords>[2], pageSize = 10) =>
  withTenant(database.db, tenantId, (tx) => pageParkingRecords(tx, tenantId, filter, { currentPage: 1, pageSize }));

describe('a plate search', () => {
  it('reads the newest entries for a common plate prefix, every match for a rare one, by the count against the tenant', () => {
    // 240 of about 800 records: the page is full after a few dozen entries
    expect(plateSearchReads(240, 800, 10)).toBe('walk');
    // 3 of 800: reading the newest entries would read them all
    expect(plateSearchReads(3, 800, 10)).toBe('gather');
    // the balance: walking reads pageSize × kept / found records, gathering reads found
    expect(plateSearchReads(100, 1000, 10)).toBe('walk');
    expect(plateSearchReads(99, 1000, 10)).toBe('gather');
  });

  it.each([
    ['a common prefix (read in entry order)', '粤K', undefined],
    ['a rare prefix (read from its matches)', '粤Q', undefined],
    ['a common prefix in one lot', '粤K', 'one'],
    ['a rare prefix in the other lot', '粤Q', 'other'],
  ] as const)('gives %s the page the list order gives, with its total', async (_, prefix, lot) => {
    const inLot = lot === undefined ? undefined : lot === 'one' ? lotId : otherLotId;
    const matches = written.filter((r) => r.plate.startsWith(prefix) && (inLot === undefined || r.lot === inLot));
    const page = await search({ plateNumber: prefix, plateMatch: 'prefix', ...(inLot ? { lotId: inLot } : {}) });
    expect(page.total).toBe(matches.length);
    expect(page.rows.map((row) => row.record.id)).toEqual(
      listOrder(matches)
        .slice(0, 10)
        .map((r) => r.id),
    );
    // the one without an entry time leads, where the lot holds it
    if (matches.some((r) => r.enteredAt === null)) expect(page.rows[0]!.record.enteredAt).toBeNull();
    expect(page.rows[0]!.lotName).toMatch(/^车牌检索[一二]场$/);
  });

  it('gives the oldest entries first when asked, and a whole plate its own records', async () => {
    const ascending = await search({ plateNumber: '粤K', plateMatch: 'prefix', sort: 'asc', sidx: 'enteredAt' }, 20);
    const common = written.filter((r) => r.plate.startsWith('粤K'));
    expect(ascending.rows.map((row) => row.record.id)).toEqual(
      listOrder(common)
        .reverse()
        .slice(0, 20)
        .map((r) => r.id),
    );

    const whole = await search({ plateNumber: '粤Q00002' });
    expect(whole.total).toBe(1);
    expect(whole.rows.map((row) => row.record.plateNumber)).toEqual(['粤Q00002']);
  });

  it('answers a plate found nowhere with no rows and a total of 0', async () => {
    expect(await search({ plateNumber: '粤Z', plateMatch: 'prefix' })).toEqual({ rows: [], total: 0 });
  });
});
