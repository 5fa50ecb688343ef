import { and, eq } from 'drizzle-orm';
import { messageTypes, missedCyclesBeforeOffline, parkingTypeOfLot, plateListInput, recordEditInput, vehicleEventInput } from '@parking/contract';
import { openOutage } from '../../modules/devices/device-outage.js';
import { devicesByIds } from '../../modules/devices/device.repository.js';
import { receiveVehicleEvent } from '../../modules/orders/index.js';
import { createPlateListEntry } from '../../modules/customers/plate-list.service.js';
import { requestRecordEdit } from '../../modules/orders/record-edit-audit.service.js';
import type { Db } from '../client.js';
import { devices, systemMessages, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const MINUTE_MS = 60_000;

/** the garage's working entry camera (入口1's is one of the broken devices) */
const entryCamera = 'CAM-2026-0104';

/** A black-listed plate refused at the entry: a 车辆布控预警 (type 8). */
const blacklisted = { plateNumber: '沪C66666', reason: '多次跟车冲闸逃费', minutesAgo: 30 };

/**
 * A car whose entry the camera read badly: its record is warned of as 识别置信度低 (订单预警, type 1),
 * and the attendant who checked the photo asks for its plate to be corrected (订单修改审核, type 4).
 */
const misread = { read: '浙A5N3L0', confidence: 0.62, minutesAgo: 75, plateNumber: '浙A5N310', reason: '入场相机识别有误，值班员核对入场照片后更正车牌' };

/**
 * The outages of the demo's broken devices, as the offline check reports them (device-offline.job.ts):
 * each went offline 3 cycles after its last heartbeat, which seedDemoDevices dated in the past. The
 * message is raised when the outage opens, so it is dated then too.
 */
const reportOutages = async (db: Db, tenantId: string) => {
  const silent = await db
    .select({ id: devices.id, lastHeartbeatAt: devices.lastHeartbeatAt, heartbeatCycle: devices.heartbeatCycle })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.onlineState, 'offline')));
  const since = new Map(silent.map((d) => [d.id, new Date((d.lastHeartbeatAt?.getTime() ?? 0) + d.heartbeatCycle * missedCyclesBeforeOffline * 1000)]));
  for (const { device, lotName, lotType, laneName, spaceNumber } of await devicesByIds(
    db,
    silent.map((d) => d.id),
  )) {
    const at = since.get(device.id)!;
    const outage = { tenantId, id: device.id, sn: device.sn, type: device.type, lotName, place: laneName ?? spaceNumber, parkingType: parkingTypeOfLot(lotType) };
    if (!(await openOutage(db, outage, at))) continue;
    await db
      .update(systemMessages)
      .set({ creatorTime: at, lastModifyTime: at })
      .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.messageType, messageTypes.deviceOffline), eq(systemMessages.businessId, device.sn)));
  }
};

/**
 * The messages of tenant demo on a fresh install, each raised by the service that raises it in
 * production from the demo's real objects, so 查看 on any of them opens what it is about: the outages
 * of its broken devices (设备离线 and their offline tasks), order warnings of cars that drove into
 * 东门停车场 through its entry camera (订单预警, 车辆布控预警), and a correction asked for one of
 * those stays (订单修改审核). Tenant mw has no lots or devices, so it has none. Runs once, after
 * seedDemoDevices; the types whose modules are not built (audits of car owners, complaints, appeals,
 * invoices, reconciliation) get none.
 */
export const seedDemoMessages = async (db: Db, dataDir: string, now = new Date()) => {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  if (!demo) return false;
  const tenantId = demo.id;
  const [camera] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.sn, entryCamera)));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  if (!camera || !admin) return false;

  await reportOutages(db, tenantId);

  const auth = demoAdminAuth(tenantId, admin.id, 'demo-messages');
  const enter = (name: string, plate: string, confidence: number, minutesAgo: number) =>
    receiveVehicleEvent(
      db,
      camera,
      vehicleEventInput.parse({
        tenant: 'demo',
        sn: camera.sn,
        timestamp: now.getTime(),
        nonce: `demo-messages-${name}`,
        deviceEventId: `demo-messages-${name}`,
        kind: 'lane_entry',
        plate,
        plateColour: 0,
        confidence,
        occurredAt: new Date(now.getTime() - minutesAgo * MINUTE_MS).toISOString(),
      }),
      dataDir,
    );

  const entry = await enter('misread', misread.read, misread.confidence, misread.minutesAgo);
  await requestRecordEdit(db, auth, recordEditInput.parse({ kind: 'plate', recordId: entry.recordId, plateNumber: misread.plateNumber, reason: misread.reason }), now);

  await createPlateListEntry(db, auth, plateListInput.parse({ type: 'black', plateNumber: blacklisted.plateNumber, reason: blacklisted.reason }), now);
  await enter('blacklisted', blacklisted.plateNumber, 0.97, blacklisted.minutesAgo);
  return true;
};
