import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTypes, orderWarningMessageType } from '@parking/contract';
import type { Database } from '../client.js';
import { migrate } from '../migrate.js';
import {
  deviceOfflineTasks,
  devices,
  orderWarnings,
  parkingRecords,
  phoneChangeRequests,
  plateListEntries,
  recordEditRequests,
  systemMessages,
  tenants,
  vehicleAuthRequests,
} from '../schema/index.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoMarketing } from './demo-marketing.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoCustomers } from './demo-customers.js';
import { seedDemoData } from './seed.js';

let database: Database;
const tenantIds = new Map<string, string>();
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database);
  // a fresh install, as server.ts seeds it
  await seedDemoData(database.db);
  await seedDemoDevices(database.db);
  await seedDemoMarketing(database.db, now);
  expect(await seedDemoMessages(database.db, testConfig().dataDir, now)).toBe(true);
  expect(await seedDemoCustomers(database.db, testConfig().dataDir, now)).toBe(true);
  for (const t of await database.db.select().from(tenants)) tenantIds.set(t.code, t.id);
}, 120_000);
afterAll(() => database.close());

const db = () => database.db;

/** The row each message is about, in the message's tenant, or undefined when there is none. */
const objectOf = async (m: typeof systemMessages.$inferSelect) => {
  const id = m.businessId ?? '';
  switch (m.messageType) {
    case orderWarningMessageType[1]:
    case orderWarningMessageType[2]: {
      const [warning] = await db()
        .select()
        .from(orderWarnings)
        .where(and(eq(orderWarnings.tenantId, m.tenantId), eq(orderWarnings.id, id)));
      return warning && orderWarningMessageType[warning.category] === m.messageType ? { kind: 'warning', warning } : undefined;
    }
    case messageTypes.recordEditAudit: {
      const [request] = await db()
        .select()
        .from(recordEditRequests)
        .where(and(eq(recordEditRequests.tenantId, m.tenantId), eq(recordEditRequests.id, id)));
      return request ? { kind: 'audit', request } : undefined;
    }
    case messageTypes.carAuthentication: {
      const [request] = await db()
        .select()
        .from(vehicleAuthRequests)
        .where(and(eq(vehicleAuthRequests.tenantId, m.tenantId), eq(vehicleAuthRequests.id, id)));
      return request ? { kind: 'vehicleAuth', request } : undefined;
    }
    case messageTypes.carPhoneChange: {
      const [request] = await db()
        .select()
        .from(phoneChangeRequests)
        .where(and(eq(phoneChangeRequests.tenantId, m.tenantId), eq(phoneChangeRequests.id, id)));
      return request ? { kind: 'phoneChange', request } : undefined;
    }
    case messageTypes.deviceOffline: {
      const [device] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.tenantId, m.tenantId), eq(devices.sn, id)));
      return device ? { kind: 'device', device } : undefined;
    }
    default:
      return undefined;
  }
};

describe('seedDemoMessages', () => {
  it('gives every message of every tenant a real object of its kind in its tenant', async () => {
    const messages = await db().select().from(systemMessages);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(await objectOf(message), `${message.messageName}: ${message.messageText}`).toBeDefined();
  });

  it('gives every offline task of every tenant a real, offline device of its tenant and its open 设备离线 message', async () => {
    const tasks = await db().select().from(deviceOfflineTasks);
    expect(tasks.map((t) => t.deviceSn).sort()).toEqual(['CAM-2026-0102', 'GM-2026-0001', 'VP-2026-0007']);
    for (const task of tasks) {
      const [device] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.tenantId, task.tenantId), eq(devices.sn, task.deviceSn)));
      expect(device, task.deviceSn).toMatchObject({ onlineState: 'offline' });
      expect(task.closedAt).toBeNull();
      // the outage opened 3 cycles after its last heartbeat, and its message is dated then
      expect(task.creatorTime.getTime()).toBe(device!.lastHeartbeatAt!.getTime() + 3 * device!.heartbeatCycle * 1000);
      const [message] = await db()
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.tenantId, task.tenantId), eq(systemMessages.messageType, messageTypes.deviceOffline), eq(systemMessages.businessId, task.deviceSn)));
      expect(message).toMatchObject({ status: 0, messageText: task.content, creatorTime: task.creatorTime });
    }
    const [camera] = tasks.filter((t) => t.deviceSn === 'CAM-2026-0102');
    expect(camera).toMatchObject({ parkingType: 1, content: '车牌识别相机 CAM-2026-0102（东门停车场 入口1）超过 3 个心跳周期未上报' });
  });

  it('raises one message of each type with a real object in tenant demo, and none in mw', async () => {
    const demo = await db()
      .select()
      .from(systemMessages)
      .where(eq(systemMessages.tenantId, tenantIds.get('demo')!));
    const open = demo.filter((m) => m.status === 0);
    expect(open.map((m) => m.messageType).sort((a, b) => a - b)).toEqual([1, 2, 2, 2, 3, 4, 6, 6, 6, 8]);
    // handled: only the 车辆认证审核 and 手机号变更审核 requests seedDemoCustomers decided
    expect(
      demo
        .filter((m) => m.status !== 0)
        .map((m) => m.messageType)
        .sort(),
    ).toEqual([2, 2, 3]);
    const mw = tenantIds.get('mw')!;
    expect(await db().select().from(systemMessages).where(eq(systemMessages.tenantId, mw))).toEqual([]);
    expect(await db().select().from(deviceOfflineTasks).where(eq(deviceOfflineTasks.tenantId, mw))).toEqual([]);
  });

  it('warns of the misread entry, parked at 东门停车场, and of the black-listed car refused at its entry, and asks to correct the misread plate', async () => {
    const tenantId = tenantIds.get('demo')!;
    const warnings = await db().select().from(orderWarnings).where(eq(orderWarnings.tenantId, tenantId));
    expect(warnings.map((w) => [w.kind, w.plateNumber, w.state]).sort()).toEqual([
      ['blacklist_entry', '沪C66666', 'open'],
      ['low_confidence', '浙A5N3L0', 'open'],
    ]);
    const records = await db().select().from(parkingRecords).where(eq(parkingRecords.tenantId, tenantId));
    // the black-listed car is refused at the barrier: no stay opens, its warning points at none
    expect(records.map((r) => [r.plateNumber, r.state])).toEqual([['浙A5N3L0', 'parked']]);
    expect(warnings.find((w) => w.kind === 'low_confidence')!.recordId).toBe(records[0]!.id);
    expect(warnings.find((w) => w.kind === 'blacklist_entry')).toMatchObject({ recordId: null, detail: '拉黑原因：多次跟车冲闸逃费；已拒绝入场' });
    expect(Math.max(...records.map((r) => r.enteredAt!.getTime()))).toBeLessThan(now.getTime());
    const [request] = await db().select().from(recordEditRequests).where(eq(recordEditRequests.tenantId, tenantId));
    expect(request).toMatchObject({ kind: 'plate', status: 'requested', requested: { plateNumber: '浙A5N310' }, recordId: records.find((r) => r.plateNumber === '浙A5N3L0')!.id });
    const listed = await db().select().from(plateListEntries).where(eq(plateListEntries.tenantId, tenantId));
    expect(listed.map((b) => [b.type, b.plateNumber, b.lotIds, b.validTo])).toEqual([['black', '沪C66666', null, null]]);
  });
});
