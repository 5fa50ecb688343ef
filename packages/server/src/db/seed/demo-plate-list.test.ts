import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { operationLogs, plateListEntries, tenants } from '../schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import { plateListStateAt } from '../../modules/customers/plate-list.service.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoPlateList } from './demo-plate-list.js';

let database: Database;
let tenantId: string;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedDemoDevices(database.db);
  expect(await seedDemoPlateList(database.db, now)).toBe(true);
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoPlateList', () => {
  it('gives tenant demo black and white entries in every state, added and removed as staff do, with their log', async () => {
    const entries = await database.db.select().from(plateListEntries).where(eq(plateListEntries.tenantId, tenantId));
    const shown = entries.map((e) => [e.type, e.plateNumber, plateListStateAt(e, now), e.lotIds === null ? 'all' : 'chosen']).sort();
    expect(shown).toEqual([
      ['black', '浙A3B781', 'active', 'chosen'],
      ['black', '浙A5K233', 'removed', 'all'],
      ['black', '浙A9H666', 'active', 'all'],
      ['white', '浙A0G001', 'active', 'all'],
      ['white', '浙A7T520', 'expired', 'all'],
      ['white', '浙AD12345', 'active', 'chosen'],
    ]);
    expect(entries.find((e) => e.removedAt)).toMatchObject({ removalReason: '已核实为车主本人车辆，非套牌' });
    expect(entries.every((e) => e.createdBy !== null)).toBe(true);
    const logs = await database.db.select().from(operationLogs).where(eq(operationLogs.target, 'plateList'));
    expect(logs).toHaveLength(7);
  });
});
