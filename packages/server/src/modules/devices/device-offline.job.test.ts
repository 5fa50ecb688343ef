import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageTypes } from '@parking/contract';
import { deviceOfflineTasks, devices, systemMessages } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../../test/test-messages.js';
import { recordHeartbeat } from './device-ingestion.service.js';
import { inProcessJobs } from '../../shared/job-runner.js';
import { checkOfflineDevices, deviceOfflineJob } from './device-offline.job.js';
import { findDeviceOfTenant } from './device.repository.js';

let t: TestApp;
let admin: string;
const cycleSeconds = 60;
const threeCycles = 3 * cycleSeconds * 1000;
const t0 = new Date('2026-11-20T09:00:00+08:00');
const at = (ms: number) => new Date(t0.getTime() + ms);

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });

/** a heartbeat at a time of the test's choosing, through the same service the route calls */
const beatAt = async (sn: string, when: Date) => {
  const { row } = await findDeviceOfTenant(t.database.db, 'demo', sn);
  await recordHeartbeat(t.database.db, row!, { tenant: 'demo', sn, timestamp: when.getTime(), nonce: 'unused-here' }, when);
};
const tasksOf = (sn: string) => t.database.db.select().from(deviceOfflineTasks).where(eq(deviceOfflineTasks.deviceSn, sn));
const messagesOf = (sn: string) =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.businessId, sn), eq(systemMessages.messageType, messageTypes.deviceOffline)));
const stateOf = async (sn: string) => (await t.database.db.select().from(devices).where(eq(devices.sn, sn)))[0]!.onlineState;

beforeAll(async () => {
  t = await buildTestApp();
  await seedTestMessagesInEveryTenant(t.database.db);
  admin = await signIn(t.app);
  const road = (await call('POST', '/api/system/Parking', { name: '福华路路侧', type: 0, kind: 'space' })).json().data;
  const space = (await call('POST', '/api/system/ParkingSpace', { lotId: road.id, number: 'F001' })).json().data;
  const gated = (await call('POST', '/api/system/Parking', { name: '万象天地停车场', type: 1, kind: 'lane' })).json().data;
  await call('POST', '/api/system/Device', { sn: 'GM-0001', name: 'F001地磁', type: 'geomagnetic', lotId: road.id, spaceId: space.id, heartbeatCycle: cycleSeconds });
  await call('POST', '/api/system/Device', { sn: 'CAM-0001', name: '入口相机', type: 'camera', lotId: gated.id, heartbeatCycle: cycleSeconds });
  await call('POST', '/api/system/Device', { sn: 'PDA-0001', name: '从未上线', type: 'pda', lotId: road.id });
});
afterAll(() => t.close());

describe('device offline check', () => {
  it('leaves a device online at exactly 3 missed cycles, and a never-seen device alone', async () => {
    await beatAt('GM-0001', t0);
    await beatAt('CAM-0001', t0);
    expect(await checkOfflineDevices(t.database.db, at(threeCycles))).toEqual({ offline: 0, reported: 0 });
    expect(await stateOf('GM-0001')).toBe('online');
    expect(await stateOf('PDA-0001')).toBe('never');
  });

  it('marks it offline 1 ms past 3 cycles, with one task and one device-offline message', async () => {
    await beatAt('CAM-0001', at(threeCycles));
    expect(await checkOfflineDevices(t.database.db, at(threeCycles + 1))).toEqual({ offline: 1, reported: 1 });
    expect(await stateOf('GM-0001')).toBe('offline');
    expect(await stateOf('CAM-0001')).toBe('online');
    const [task] = await tasksOf('GM-0001');
    expect(task).toMatchObject({ taskTypeName: '设备离线', parkingType: 0, content: '地磁 GM-0001（福华路路侧 F001）超过 3 个心跳周期未上报', closedAt: null });
    expect(task!.creatorTime.toISOString()).toBe(at(threeCycles + 1).toISOString());
    const [message] = await messagesOf('GM-0001');
    expect(message).toMatchObject({ messageName: '设备离线', messageText: task!.content, status: 0 });
  });

  it('reports an outage once however many checks see it', async () => {
    let reported = 0;
    for (const later of [threeCycles + 2, 10 * threeCycles, 100 * threeCycles]) reported += (await checkOfflineDevices(t.database.db, at(later))).reported;
    // the camera's own outage, once
    expect(reported).toBe(1);
    expect(await tasksOf('CAM-0001')).toHaveLength(1);
    expect(await tasksOf('GM-0001')).toHaveLength(1);
    expect(await messagesOf('GM-0001')).toHaveLength(1);
  });

  it('shows the open task in the message center and the offline list', async () => {
    const counts = (await call('GET', '/api/system/systemMessage/getCount?status=0')).json().data;
    expect(counts.deviceOfflineInCount).toBe(3);
    const onRoad = (await call('GET', '/api/system/systemAppTask/getDeviceOfflineList?parkingType=0')).json().data.list;
    expect(onRoad.map((task: { deviceSn: string }) => task.deviceSn)).toContain('GM-0001');
  });

  it('closes the task and handles the message when the device heartbeats again', async () => {
    const back = at(100 * threeCycles + 5);
    await beatAt('GM-0001', back);
    expect(await stateOf('GM-0001')).toBe('online');
    const [task] = await tasksOf('GM-0001');
    expect(task!.closedAt?.toISOString()).toBe(back.toISOString());
    expect((await messagesOf('GM-0001'))[0]).toMatchObject({ status: 1 });
    expect((await call('GET', '/api/system/systemMessage/getCount?status=0')).json().data.deviceOfflineInCount).toBe(2);
  });

  it('opens a new task for the next outage after a recovery', async () => {
    const back = at(100 * threeCycles + 5);
    expect((await checkOfflineDevices(t.database.db, new Date(back.getTime() + threeCycles))).reported).toBe(0);
    expect(await checkOfflineDevices(t.database.db, new Date(back.getTime() + threeCycles + 1))).toEqual({ offline: 1, reported: 1 });
    const tasks = await tasksOf('GM-0001');
    expect(tasks).toHaveLength(2);
    expect(tasks.filter((task) => task.closedAt === null)).toHaveLength(1);
    expect((await messagesOf('GM-0001')).map((m) => m.status).sort()).toEqual([0, 1]);
    // the camera, silent since, is still in its first outage: an off-road task
    expect((await tasksOf('CAM-0001'))[0]).toMatchObject({ parkingType: 1, content: '车牌识别相机 CAM-0001（万象天地停车场）超过 3 个心跳周期未上报' });
  });

  it('lists and exports tasks on 设备离线任务 by state, parking type and sn', async () => {
    const list = async (query: string) => (await call('GET', `/api/system/DeviceOfflineTask${query}`)).json().data;
    expect((await list('?deviceNo=GM-0001')).pagination.total).toBe(2);
    expect((await list('?deviceNo=GM-0001&state=closed')).list).toHaveLength(1);
    // the seeded CAM-2026-0102 and this file's camera
    expect((await list('?state=open&parkingType=1')).list.map((task: { deviceSn: string }) => task.deviceSn).sort()).toEqual(['CAM-0001', 'CAM-2026-0102']);
    expect((await call('GET', '/api/system/DeviceOfflineTask?state=gone')).json()).toMatchObject({ code: 400, msg: '查询参数 state：任务状态只能是 open（未恢复）或 closed（已恢复）' });
    const exported = await call('GET', '/api/system/DeviceOfflineTask/Actions/Export?deviceNo=GM-0001');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('closes the open task when the device is deleted', async () => {
    const [camera] = await t.database.db.select().from(devices).where(eq(devices.sn, 'CAM-0001'));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/system/Device/${camera!.id}`, headers: { authorization: admin } })).json().code).toBe(200);
    expect((await tasksOf('CAM-0001'))[0]!.closedAt).not.toBeNull();
    expect((await messagesOf('CAM-0001'))[0]).toMatchObject({ status: 1 });
  });

  it('runs on an interval once started, and not at all with interval 0', async () => {
    vi.useFakeTimers();
    try {
      const clock = vi.fn(() => at(1000 * threeCycles));
      const jobs = inProcessJobs({ info: () => undefined, error: () => undefined });
      const off = jobs.start(deviceOfflineJob(t.database.db, 0, clock));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(clock).not.toHaveBeenCalled();
      await off.stop();
      const job = jobs.start(deviceOfflineJob(t.database.db, 1000, clock));
      await vi.advanceTimersByTimeAsync(2_500);
      expect(clock.mock.calls.length).toBeGreaterThanOrEqual(1);
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
