import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTypes } from '@parking/contract';
import type { Database } from '../client.js';
import { customers, customerVehicles, phoneChangeRequests, systemMessages, tenants, vehicleAuthRequests } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { seedDemoCustomers } from './demo-customers.js';

let database: Database;
let demoId: string;
const dataDir = testConfig().dataDir;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  expect(await seedDemoCustomers(database.db, dataDir, now)).toBe(true);
  demoId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoCustomers', () => {
  it('gives tenant demo owners from every register source, with vehicles in every binding state', async () => {
    const owners = await database.db.select().from(customers).where(eq(customers.tenantId, demoId));
    expect(new Set(owners.map((o) => o.source))).toEqual(new Set(['miniapp', 'mp', 'h5', 'console']));
    expect(owners.every((o) => /^138\d{8}$/.test(o.phone) && o.registeredAt < now)).toBe(true);
    const vehicles = await database.db.select().from(customerVehicles).where(eq(customerVehicles.tenantId, demoId));
    expect(new Set(vehicles.map((v) => v.state))).toEqual(new Set(['unverified', 'verifying', 'verified', 'failed', 'unbound']));
  });

  it('leaves two 认证 and one 过户申诉 waiting, each with a stored photo and its open type 2 message', async () => {
    const pending = await database.db
      .select()
      .from(vehicleAuthRequests)
      .where(and(eq(vehicleAuthRequests.tenantId, demoId), eq(vehicleAuthRequests.status, 'pending')));
    expect(pending.map((r) => [r.kind, r.plateNumber]).sort()).toEqual([
      ['claim', '粤B10001'],
      ['verify', '粤B20001'],
      ['verify', '粤B60001'],
    ]);
    for (const request of pending) expect(existsSync(join(dataDir, request.photoPath!))).toBe(true);
    const messages = await database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.tenantId, demoId), eq(systemMessages.messageType, messageTypes.carAuthentication)));
    // every message is about a real request of the tenant; the decided ones are handled
    for (const message of messages) {
      const [request] = await database.db
        .select()
        .from(vehicleAuthRequests)
        .where(and(eq(vehicleAuthRequests.tenantId, message.tenantId), eq(vehicleAuthRequests.id, message.businessId)));
      expect(request, message.messageText).toBeDefined();
      expect(message.status).toBe(request!.status === 'pending' ? 0 : 1);
    }
    expect(messages.filter((m) => m.status === 0)).toHaveLength(3);
  });

  it('leaves one 手机号变更 waiting with its photo and open type 3 message, and one rejected with its reason and handled message', async () => {
    const requests = await database.db.select().from(phoneChangeRequests).where(eq(phoneChangeRequests.tenantId, demoId));
    expect(requests.map((r) => [r.oldPhone, r.newPhone, r.status]).sort()).toEqual([
      ['13800138003', '13900139003', 'pending'],
      ['13800138004', '13900139004', 'rejected'],
    ]);
    expect(requests.find((r) => r.status === 'rejected')!.rejectReason).not.toBe('');
    for (const request of requests) {
      expect(existsSync(join(dataDir, request.photoPath!))).toBe(true);
      const [message] = await database.db
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.tenantId, demoId), eq(systemMessages.messageType, messageTypes.carPhoneChange), eq(systemMessages.businessId, request.id)));
      expect(message!.status).toBe(request.status === 'pending' ? 0 : 1);
    }
    // nothing changed for the owners until a decision approves
    const owners = await database.db.select().from(customers).where(eq(customers.tenantId, demoId));
    expect(owners.map((o) => o.phone)).toEqual(expect.arrayContaining(['13800138003', '13800138004']));
  });

  it('runs once: a second run adds nothing', async () => {
    expect(await seedDemoCustomers(database.db, dataDir, now)).toBe(false);
  });
});
