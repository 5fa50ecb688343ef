import { and, eq } from 'drizzle-orm';
import { plateListInput, type PlateListInput } from '@parking/contract';
import { createPlateListEntry, removePlateListEntry } from '../../modules/customers/plate-list.service.js';
import type { Db } from '../client.js';
import { parkingLots, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const DAY_MS = 86_400_000;

/** An entry of the demo list: `lot` names its one lot (none: every lot), `days` its range from today (none: 长期). */
interface DemoEntry {
  input: Omit<PlateListInput, 'lotIds' | 'validFrom' | 'validTo'>;
  lot?: string;
  days?: readonly [number, number];
  /** taken off again, with this reason */
  removedFor?: string;
}

/** Each state and scope of 黑白名单 once: black and white, every lot and one, 长期 and a range, expired, removed. */
const demoEntries: readonly DemoEntry[] = [
  { input: { type: 'black', plateNumber: '浙A9H666', reason: '多次冲闸逃费，已报警备案' } },
  { input: { type: 'black', plateNumber: '浙A3B781', reason: '长期占用充电车位不充电' }, lot: '东门停车场', days: [-10, 80] },
  { input: { type: 'white', plateNumber: '浙A0G001', reason: '物业公务车辆' } },
  { input: { type: 'white', plateNumber: '浙AD12345', plateColour: 3, reason: '新能源车辆免费停车体验' }, lot: '东门停车场', days: [-30, 60] },
  { input: { type: 'white', plateNumber: '浙A7T520', reason: '周年庆活动嘉宾车辆' }, days: [-60, -30] },
  { input: { type: 'black', plateNumber: '浙A5K233', reason: '疑似套牌' }, removedFor: '已核实为车主本人车辆，非套牌' },
];

/**
 * 黑白名单 entries of tenant demo for a fresh install, through the list's own service (checked and
 * logged as staff add them), on the lots seedDemoDevices made. Runs once, after it.
 */
export const seedDemoPlateList = (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, demo.id), eq(users.account, 'admin')));
    const lots = new Map((await tx.select({ id: parkingLots.id, name: parkingLots.name }).from(parkingLots).where(eq(parkingLots.tenantId, demo.id))).map((l) => [l.name, l.id]));
    if (!admin || demoEntries.some((e) => e.lot && !lots.has(e.lot))) return false;
    const auth = demoAdminAuth(demo.id, admin.id, 'demo-plate-list');
    const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString();
    for (const { input, lot, days, removedFor } of demoEntries) {
      const values = plateListInput.parse({ ...input, lotIds: lot ? [lots.get(lot)!] : null, validFrom: days ? day(days[0]) : null, validTo: days ? day(days[1]) : null });
      const created = await createPlateListEntry(tx, auth, values, now);
      if (removedFor) await removePlateListEntry(tx, auth, created.id, removedFor, now);
    }
    return true;
  });
