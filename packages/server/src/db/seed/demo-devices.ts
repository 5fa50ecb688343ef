import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { roadSampleTariff, type DeviceType } from '@parking/contract';
import type { Db } from '../client.js';
import { devices, parkingLanes, parkingLots, parkingSpaces, tariffs, tenants } from '../schema/index.js';
import { commercialGarageTariff, insertDemoTariff } from './demo-tariffs.js';

/**
 * The demo tenant's secrets are derived from the sn, so whoever runs the demo can sign heartbeats
 * for its devices: secret = hex SHA-256 of "parking-demo-device:<sn>". Only demo data does this; a
 * device registered in the console always gets a random secret.
 */
export const demoDeviceSecret = (sn: string) => createHash('sha256').update(`parking-demo-device:${sn}`).digest('hex');

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);

/** the streets are priced by the road sample (seeded in tenant setup), the garage by a commercial garage's own board */
const lots = [
  { name: '中山路', type: 0, kind: 'space', address: '中山路（中山公园至人民广场段）', spaces: numbered('A', 20), tariff: roadSampleTariff.name },
  { name: '人民路', type: 0, kind: 'space', address: '人民路北侧', spaces: numbered('B', 12), tariff: roadSampleTariff.name },
  {
    name: '东门停车场',
    type: 1,
    kind: 'lane',
    address: '东门商业广场地下一层',
    spaces: [] as string[],
    lanes: [
      ['入口1', 'in'],
      ['入口2', 'in'],
      ['出口1', 'out'],
    ] as const,
    tariff: commercialGarageTariff.name,
  },
] as const;

/** The demo's working cameras show the stand-in clip (standin-clip.ts) in 视频监控. */
export const standinStreamUrl = 'media:standin/index.m3u8';

/**
 * The demo's devices. Those with `offlineMinutesAgo` are broken: they stopped heartbeating then, stay
 * silent, and are the devices behind the seeded offline tasks; the demo's traffic never passes them
 * (入口1's camera is down, so cars come in by 入口2). Every other one is working: while the server
 * runs, it heartbeats through the device API as a real device would (demo-heartbeats.ts), so what
 * the console shows 在线 is really reporting.
 */
const demoDevices: readonly { sn: string; name: string; type: DeviceType; lot: string; place?: string; offlineMinutesAgo?: number; streamUrl?: string }[] = [
  { sn: 'GM-2026-0001', name: '中山路A012地磁', type: 'geomagnetic', lot: '中山路', place: 'A012', offlineMinutesAgo: 25 },
  { sn: 'VP-2026-0007', name: '人民路B003视频桩', type: 'video_pole', lot: '人民路', place: 'B003', offlineMinutesAgo: 64 },
  { sn: 'PDA-2026-0001', name: '中山路收费员PDA', type: 'pda', lot: '中山路' },
  { sn: 'PDA-2026-0002', name: '人民路收费员PDA', type: 'pda', lot: '人民路' },
  { sn: 'CAM-2026-0102', name: '东门入口1相机', type: 'camera', lot: '东门停车场', place: '入口1', offlineMinutesAgo: 8 },
  { sn: 'BRG-2026-0101', name: '东门入口1道闸', type: 'barrier', lot: '东门停车场', place: '入口1' },
  { sn: 'LED-2026-0101', name: '东门入口1显示屏', type: 'led_screen', lot: '东门停车场', place: '入口1' },
  { sn: 'CAM-2026-0104', name: '东门入口2相机', type: 'camera', lot: '东门停车场', place: '入口2', streamUrl: standinStreamUrl },
  { sn: 'BRG-2026-0102', name: '东门入口2道闸', type: 'barrier', lot: '东门停车场', place: '入口2' },
  { sn: 'CAM-2026-0103', name: '东门出口1相机', type: 'camera', lot: '东门停车场', place: '出口1', streamUrl: standinStreamUrl },
];

/** The sns of the demo's working devices, which heartbeat while the server runs. */
export const workingDemoDeviceSns: readonly string[] = demoDevices.filter((d) => d.offlineMinutesAgo === undefined).map((d) => d.sn);

/** Lots, lanes, spaces and devices of tenant demo for a fresh install; the server seeds them after seedDemoData. */
export const seedDemoDevices = (db: Db) =>
  db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const tenantId = demo.id;
    const tariffIds = new Map((await tx.select({ id: tariffs.id, name: tariffs.name }).from(tariffs).where(eq(tariffs.tenantId, tenantId))).map((t) => [t.name, t.id]));
    // the garage's own rate comes with the garage: the test suites count tenant demo's tariffs from the two city standards
    tariffIds.set(
      commercialGarageTariff.name,
      await insertDemoTariff(tx, tenantId, {
        name: commercialGarageTariff.name,
        description: '商业综合体地下停车场：15分钟内免费，首2小时每小时5元，之后每小时3元，24小时最高40元',
        tariff: commercialGarageTariff,
      }),
    );
    const lotIds = new Map<string, string>();
    const places = new Map<string, { laneId?: string; spaceId?: string }>();
    for (const lot of lots) {
      const total = lot.spaces.length;
      const [row] = await tx
        .insert(parkingLots)
        .values({
          tenantId,
          name: lot.name,
          type: lot.type,
          kind: lot.kind,
          address: lot.address,
          totalSpaces: total || 300,
          freeCount: total || 300,
          tariffId: tariffIds.get(lot.tariff) ?? null,
        })
        .returning({ id: parkingLots.id });
      lotIds.set(lot.name, row!.id);
      for (const number of lot.spaces) {
        const [space] = await tx.insert(parkingSpaces).values({ tenantId, lotId: row!.id, number }).returning({ id: parkingSpaces.id });
        places.set(`${lot.name}/${number}`, { spaceId: space!.id });
      }
      for (const [name, direction] of 'lanes' in lot ? lot.lanes : []) {
        const [lane] = await tx.insert(parkingLanes).values({ tenantId, lotId: row!.id, name, direction }).returning({ id: parkingLanes.id });
        places.set(`${lot.name}/${name}`, { laneId: lane!.id });
      }
    }
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    for (const d of demoDevices) {
      const place = d.place ? places.get(`${d.lot}/${d.place}`) : undefined;
      // a broken device went offline 3 cycles (of 60 s) after its last heartbeat, when its task was
      // opened; a working one has not reported until its first heartbeat, moments after the start
      const lastHeartbeatAt = d.offlineMinutesAgo === undefined ? null : ago(d.offlineMinutesAgo + 3);
      await tx.insert(devices).values({
        tenantId,
        sn: d.sn,
        name: d.name,
        type: d.type,
        lotId: lotIds.get(d.lot)!,
        laneId: place?.laneId ?? null,
        spaceId: place?.spaceId ?? null,
        secret: demoDeviceSecret(d.sn),
        lastHeartbeatAt,
        onlineState: lastHeartbeatAt ? 'offline' : 'never',
        streamUrl: d.streamUrl ?? null,
      });
    }
    return true;
  });
