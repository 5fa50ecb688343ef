import { orderWarningKindCategory, type OperationViewSnapshot, type ParkingRecordState } from '@parking/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, devices, orderWarnings, parkingRecords, payments, recoveryRecords } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { clockAtNoon, noon, shanghai, tenantMw, type TenantMw } from './screens-test-kit.js';

let mw: TenantMw;
let t: TestApp;
let mwAdmin: string;
let mwId: string;
let lotId: string;
let exitLaneId: string;

const snapshot = (token = mwAdmin) => mw.snapshotOf<OperationViewSnapshot>('/api/system/screens/operationView', token);

beforeAll(async () => {
  t = await buildTestApp({ now: clockAtNoon });
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  mw = await tenantMw(t, mwAdmin);
  mwId = mw.mwId;
  lotId = await mw.post('/api/system/Parking', { name: '运营大屏测试场', type: 1, kind: 'lane', totalSpaces: 40 });
  exitLaneId = await mw.post('/api/system/ParkingLane', { lotId, name: '西出口', direction: 'out' });
  const eastExit = await mw.post('/api/system/ParkingLane', { lotId, name: '东出口', direction: 'out' });
  for (const [sn, type] of [
    ['OPS-CAM-1', 'camera'],
    ['OPS-CAM-2', 'camera'],
    ['OPS-PDA-1', 'pda'],
  ] as const) {
    await mw.post('/api/system/Device', { sn, name: sn, type, lotId, ...(type === 'camera' ? { laneId: exitLaneId } : {}) });
  }
  await t.database.db.execute(sql`UPDATE ${devices} SET online_state = CASE sn WHEN 'OPS-CAM-1' THEN 'online' ELSE 'offline' END WHERE sn LIKE 'OPS-%'`);

  // in at 08:00, out by the west exit
  const stay = (plate: string, state: ParkingRecordState, exited: string, due: number, paid: number) => ({
    ...mw.stay(lotId, plate, '2026-03-10T08:00:00', exited, state, due, paid),
    exitLaneId,
  });
  const stays = await t.database.db
    .insert(parkingRecords)
    .values([
      // at the west barrier owing 6.00 since 11:50, and a car paid at the east barrier since 11:58
      stay('粤B80001', 'awaiting_payment', '2026-03-10T11:50:00', 600, 0),
      { ...stay('粤B80002', 'paid', '2026-03-10T11:58:00', 400, 400), exitLaneId: eastExit },
      // came up to the west barrier at 10:30 and turned back before 粤B80001 came: not waiting there now
      stay('粤B80005', 'awaiting_payment', '2026-03-10T10:30:00', 500, 0),
      // left owing today, and recovered today
      stay('粤B80003', 'unpaid', '2026-03-10T10:00:00', 900, 0),
      { ...stay('粤B80004', 'closed', '2026-03-09T10:00:00', 500, 500), abnormalReasons: ['abnormal_release' as const] },
    ])
    .returning();
  const idOf = (plate: string) => stays.find((s) => s.plateNumber === plate)!.id;
  const [payment] = await t.database.db
    .insert(payments)
    .values({ tenantId: mwId, recordId: idOf('粤B80004'), channel: 'wechat', amount: 500, idempotencyKey: 'ops-recovery', stage: 'recovery', paidAt: shanghai('2026-03-10T09:00:00') })
    .returning();
  await t.database.db.insert(recoveryRecords).values({
    tenantId: mwId,
    recordId: idOf('粤B80004'),
    paymentId: payment!.id,
    plateNumber: '粤B80004',
    lotId,
    amount: 500,
    channel: 'wechat',
    recoveredAt: shanghai('2026-03-10T09:00:00'),
  });
  await t.database.db.insert(orderWarnings).values([
    {
      tenantId: mwId,
      lotId,
      recordId: idOf('粤B80004'),
      plateNumber: '粤B80004',
      kind: 'abnormal_release',
      category: orderWarningKindCategory.abnormal_release,
      createdAt: shanghai('2026-03-10T11:00:00'),
    },
    { tenantId: mwId, lotId, plateNumber: '粤B80005', kind: 'long_stay', category: orderWarningKindCategory.long_stay },
  ]);
  const complaint = (content: string, deadline: string, status: 'pending' | 'done') => ({
    tenantId: mwId,
    category: 'billing' as const,
    channel: 'phone' as const,
    content,
    contactPhone: '13800000000',
    status,
    receivedAt: shanghai('2026-03-07T10:00:00'),
    deadlineAt: shanghai(deadline),
    createdAt: shanghai('2026-03-07T10:00:00'),
    updatedAt: shanghai('2026-03-07T10:00:00'),
  });
  await t.database.db
    .insert(complaints)
    .values([complaint('超时未处理', '2026-03-09T10:00:00', 'pending'), complaint('未超时', '2026-03-11T10:00:00', 'pending'), complaint('已完成', '2026-03-09T10:00:00', 'done')]);
});
afterAll(() => t.close());

describe('运营大屏 snapshot', () => {
  it('counts devices by type and state, warnings by kind and the service queues as their tables hold them', async () => {
    const data = await snapshot();
    expect(data).toMatchObject({ today: '2026-03-10', updatedAt: noon.toISOString() });
    const devicesOf = (type: string) => data.devices.find((d) => d.type === type)!;
    const inTable = (type: string, state: string) => mw.figure(sql`SELECT count(*) AS n FROM devices WHERE tenant_id = ${mwId} AND enabled AND type = ${type} AND online_state = ${state}`);
    expect(devicesOf('camera')).toEqual({ type: 'camera', online: await inTable('camera', 'online'), offline: await inTable('camera', 'offline'), never: await inTable('camera', 'never') });
    expect(devicesOf('camera').online).toBeGreaterThanOrEqual(1);
    expect(devicesOf('pda').offline).toBeGreaterThanOrEqual(1);
    expect(data.devices).toHaveLength(6);

    const openOf = (kind: string) => mw.figure(sql`SELECT count(*) AS n FROM order_warnings WHERE tenant_id = ${mwId} AND state = 'open' AND kind = ${kind}`);
    expect(data.warnings.find((w) => w.kind === 'long_stay')!.open).toBe(await openOf('long_stay'));
    expect(data.warnings.find((w) => w.kind === 'abnormal_release')!.open).toBe(await openOf('abnormal_release'));
    expect(data.warnings.map((w) => w.kind)).toContain('arrears_entry');

    expect(data.service).toEqual({
      complaintsOpen: await mw.figure(sql`SELECT count(*) AS n FROM complaints WHERE tenant_id = ${mwId} AND status IN ('pending', 'processing')`),
      complaintsOverdue: await mw.figure(sql`SELECT count(*) AS n FROM complaints WHERE tenant_id = ${mwId} AND status IN ('pending', 'processing') AND deadline_at < ${noon}::timestamptz`),
      appealsPending: await mw.figure(sql`SELECT count(*) AS n FROM appeals WHERE tenant_id = ${mwId} AND status = 'pending'`),
      editAuditsPending: await mw.figure(sql`SELECT count(*) AS n FROM record_edit_requests WHERE tenant_id = ${mwId} AND status = 'requested'`),
    });
    expect(data.service.complaintsOverdue).toBeGreaterThanOrEqual(1);
    expect(data.service.complaintsOpen).toBeGreaterThan(data.service.complaintsOverdue);
  });

  it('shows today’s arrears and recoveries, the car at each barrier (the latest there) longest first, and the latest abnormal release', async () => {
    const data = await snapshot();
    const today = sql`${shanghai('2026-03-10T00:00:00')}::timestamptz AND ${shanghai('2026-03-11T00:00:00')}::timestamptz`;
    expect(data.pursuit).toEqual({
      arrearsOpenedToday: await mw.figure(sql`SELECT count(*) AS n FROM parking_records WHERE tenant_id = ${mwId} AND state = 'unpaid' AND exited_at BETWEEN ${today}`),
      recoveredToday: await mw.figure(sql`SELECT count(*) AS n FROM recovery_records WHERE tenant_id = ${mwId} AND recovered_at BETWEEN ${today}`),
      recoveredAmountToday: await mw.figure(sql`SELECT coalesce(sum(amount), 0) AS n FROM recovery_records WHERE tenant_id = ${mwId} AND recovered_at BETWEEN ${today}`),
    });
    expect(data.pursuit.recoveredAmountToday).toBeGreaterThanOrEqual(500);
    const ours = data.waiting.filter((w) => w.lotName === '运营大屏测试场');
    expect(ours).toEqual([
      { plateNumber: '粤B80001', lotName: '运营大屏测试场', laneName: '西出口', since: shanghai('2026-03-10T11:50:00').toISOString(), amountToPay: 600 },
      { plateNumber: '粤B80002', lotName: '运营大屏测试场', laneName: '东出口', since: shanghai('2026-03-10T11:58:00').toISOString(), amountToPay: 0 },
    ]);
    const since = data.waiting.map((w) => Date.parse(w.since));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    expect(data.abnormalReleases).toContainEqual({ plateNumber: '粤B80004', lotName: '运营大屏测试场', reasons: ['abnormal_release'], at: shanghai('2026-03-10T11:00:00').toISOString() });
  });

  it('shows another tenant none of it, and is refused to a user who may not open 停车记录', async () => {
    const demo = await snapshot(await signIn(t.app));
    expect(demo.waiting.some((w) => w.lotName === '运营大屏测试场')).toBe(false);
    expect(demo.abnormalReleases.some((r) => r.plateNumber === '粤B80004')).toBe(false);
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await t.app.inject({ method: 'GET', url: '/api/system/screens/operationView', headers: { authorization: finance } })).statusCode).toBe(403);
  });
});
