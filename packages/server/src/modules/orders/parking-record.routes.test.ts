import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportIdMessage, exportProgressPath, parkingRecordPaths, vehicleEventPath } from '@parking/contract';
import { parkingLots, parkingRecords, tariffs, tenants, users } from '../../db/schema/index.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, sampleImages, signIn, type TestApp } from '../../test/test-app.js';
import { deviceBody, postSigned } from '../devices/device-signing.js';

// the app's clock, fixed: a call's timestamp is checked against it, so the cameras here sign with its time
const clock = fixedClock('2026-03-10T02:00:00Z');
const signedBody = (sn: string, extra: Record<string, unknown>) => deviceBody('demo', sn, { timestamp: clock.now().getTime(), ...extra });

let t: TestApp;
let admin: string;
let mwAdmin: string;
let nobody: string;
let recordId: string;
const secrets = { in: '', out: '' };

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });
const photoUrl = (id: string, which: string) => parkingRecordPaths.photo.replace(':id', id).replace(':which', which);
const laneEvent = (sn: string, extra: Record<string, unknown>) => signedBody(sn, { plateColour: 0, confidence: 0.99, ...extra });

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  await t.database.db.insert(users).values({ tenantId: demo!.id, account: 'norecords', realName: '无记录权限', passwordHash: await hashPassword(md5Hex('admin123')) });
  nobody = await signIn(t.app, 'norecords');

  const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
  const lot = (await call('/api/system/Parking', { name: '记录路由停车场', type: 1, kind: 'lane' })).json().data;
  const [tariff] = await t.database.db.select().from(tariffs).where(eq(tariffs.name, '北京一类地区占道停车'));
  await t.database.db.update(parkingLots).set({ totalSpaces: 20, freeCount: 20, tariffId: tariff!.id }).where(eq(parkingLots.id, lot.id));
  for (const direction of ['in', 'out'] as const) {
    const lane = (await call('/api/system/ParkingLane', { lotId: lot.id, name: direction === 'in' ? '南入口' : '南出口', direction })).json().data;
    const device = (await call('/api/system/Device', { sn: `REC-${direction}`, name: `南${direction}相机`, type: 'camera', lotId: lot.id, laneId: lane.id })).json().data;
    secrets[direction] = device.secret;
  }
  const photo = sampleImages.png.toString('base64');
  await postSigned(t.app, vehicleEventPath, secrets.in, laneEvent('REC-in', { kind: 'lane_entry', deviceEventId: 'R-1', plate: '粤B50001', occurredAt: '2025-03-03T09:00:00+08:00', photo }));
  await postSigned(t.app, vehicleEventPath, secrets.out, laneEvent('REC-out', { kind: 'lane_exit', deviceEventId: 'R-2', plate: '粤B50001', occurredAt: '2025-03-03T10:40:00+08:00' }));
  await postSigned(t.app, vehicleEventPath, secrets.in, laneEvent('REC-in', { kind: 'lane_entry', deviceEventId: 'R-3', plate: '粤B50002', occurredAt: '2025-03-04T09:00:00+08:00' }));
  const [record] = await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, '粤B50001'));
  recordId = record!.id;
});
afterAll(() => t.close());

describe('GET /api/system/ParkingRecord/{id}', () => {
  it('carries the fee breakdown of the stored tariff version, adding up to the amount due', async () => {
    const detail = (await get(parkingRecordPaths.item.replace(':id', recordId))).json().data;
    expect(detail).toMatchObject({ plateNumber: '粤B50001', entryLaneName: '南入口', exitLaneName: '南出口', state: 'awaiting_payment' });
    expect(detail.amountDue).toBeGreaterThan(0);
    expect(detail.fee).toMatchObject({ tariffName: '北京一类地区占道停车', tariffVersionNo: 1, amount: detail.amountDue, freeReason: null });
    // the class it was priced as, and why, as the entry camera's read decided it
    expect(detail.fee.vehicleClass).toEqual({ code: 'small', name: '小型车', why: '小型车号牌' });
    expect(detail.fee.breakdown.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(detail.amountDue);
  });

  it('has no fee while the car is still inside', async () => {
    const [parked] = await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, '粤B50002'));
    expect((await get(parkingRecordPaths.item.replace(':id', parked!.id))).json().data).toMatchObject({ state: 'parked', fee: null });
  });
});

describe('GET /api/system/ParkingRecord/{id}/photos/{which}', () => {
  it('streams the stored entry photo as an image that must not be sniffed', async () => {
    const response = await get(photoUrl(recordId, 'entry'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload).toEqual(sampleImages.png);
  });

  it('answers 404 暂无图片 for a photo never taken', async () => {
    const response = await get(photoUrl(recordId, 'exit'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, msg: '暂无图片' });
  });

  it('refuses bad input in Chinese, other tenants with 404 and users without the page with 403', async () => {
    const bad = await get(photoUrl(recordId, 'side'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('照片类型只能是 entry（入场）或 exit（出场）');
    const badId = await get(photoUrl('not-a-uuid', 'entry'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toContain('停车记录编号格式不正确');
    const theirs = await get(photoUrl(recordId, 'entry'), mwAdmin);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe('停车记录不存在');
    expect((await get(photoUrl(recordId, 'entry'), nobody)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: photoUrl(recordId, 'entry') })).statusCode).toBe(401);
  });
});

describe('GET /api/system/ParkingRecord/Actions/Export', () => {
  const rowsOf = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ArrayBuffer);
    return book
      .getWorksheet('停车记录')
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
  };

  it('exports the filtered records with Chinese headers, Shanghai times and yuan', async () => {
    const response = await get(`${parkingRecordPaths.export}?plateNumber=${encodeURIComponent('粤B5')}&plateMatch=prefix&state=awaiting_payment`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const [header, ...rows] = await rowsOf(response.rawPayload);
    expect(header).toEqual(['车牌号', '车牌颜色', '停车场', '入场车道/泊位', '入场时间', '出场时间', '停车时长', '应收(元)', '优惠(元)', '已付(元)', '欠费(元)', '状态', '异常']);
    expect(rows).toHaveLength(1);
    const detail = (await get(parkingRecordPaths.item.replace(':id', recordId))).json().data;
    const yuan = (detail.amountDue / 100).toFixed(2);
    expect(rows[0]).toEqual(['粤B50001', '蓝色', '记录路由停车场', '南入口', '2025-03-03 09:00:00', '2025-03-03 10:40:00', '1时40分', yuan, '0.00', '0.00', yuan, '待支付']);
    // an empty 异常 cell is not written at all
  });

  it("exports every record past one cursor batch, in the list's order, with arrays and times intact", async () => {
    const [lot] = await t.database.db.select().from(parkingLots).where(eq(parkingLots.name, '记录路由停车场'));
    const base = Date.parse('2024-06-01T00:00:00+08:00');
    const many = Array.from({ length: 2105 }, (_, i) => ({
      tenantId: lot!.tenantId,
      lotId: lot!.id,
      plateNumber: `川A${String(i).padStart(5, '0')}`,
      enteredAt: new Date(base + i * 60_000),
      exitedAt: new Date(base + i * 60_000 + 1_800_000),
      state: 'closed' as const,
      abnormal: i % 2 === 0,
      abnormalReasons: i % 2 === 0 ? (['low_confidence', 'long_stay'] as const).slice() : [],
    }));
    for (let i = 0; i < many.length; i += 500) await t.database.db.insert(parkingRecords).values(many.slice(i, i + 500));
    const query = `plateNumber=${encodeURIComponent('川A')}&plateMatch=prefix`;
    const [, ...rows] = await rowsOf((await get(`${parkingRecordPaths.export}?${query}`)).rawPayload);
    expect(rows).toHaveLength(2105);
    // newest entry first, as the list shows them
    const firstPage = (await get(`${parkingRecordPaths.list}?${query}&pageSize=10`)).json().data.list.map((r: { plateNumber: string }) => r.plateNumber);
    expect(rows.slice(0, 10).map((r) => r[0])).toEqual(firstPage);
    expect(rows[0]).toEqual([
      '川A02104',
      '蓝色',
      '记录路由停车场',
      undefined,
      '2024-06-02 11:04:00',
      '2024-06-02 11:34:00',
      '30分',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '已完成',
      '车牌识别置信度低、超长停车',
    ]);
    expect(rows.at(-1)![0]).toBe('川A00000');
    expect(rows[1]![12]).toBeUndefined();
  });

  // on the records the test above wrote
  it('pages the list in its order, sorted as asked, each row with its lot and lanes', async () => {
    const query = `plateNumber=${encodeURIComponent('川A')}&plateMatch=prefix`;
    const plates = async (extra: string) => (await get(`${parkingRecordPaths.list}?${query}&${extra}`)).json().data.list.map((r: { plateNumber: string }) => r.plateNumber);
    expect(await plates('pageSize=3&currentPage=2')).toEqual(['川A02101', '川A02100', '川A02099']);
    expect(await plates('pageSize=2&currentPage=1&sidx=plateNumber')).toEqual(['川A00000', '川A00001']);
    expect(await plates('pageSize=2&currentPage=2&sidx=plateNumber&sort=desc')).toEqual(['川A02102', '川A02101']);
    const listed = (await get(`${parkingRecordPaths.list}?plateNumber=${encodeURIComponent('粤B50001')}`)).json().data;
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({
      plateNumber: '粤B50001',
      lotName: '记录路由停车场',
      entryLaneName: '南入口',
      exitLaneName: '南出口',
      spaceNumber: null,
      state: 'awaiting_payment',
    });
  });

  it('tells the user who started it how many rows it wrote, out of the total the kept counts give', async () => {
    const progressOf = (id: string, token = admin) => get(exportProgressPath.replace(':exportId', id), token);
    expect((await progressOf('not-started-0001')).json()).toMatchObject({ code: 404, msg: '导出不存在或已结束' });

    const exported = await t.app.inject({ method: 'GET', url: parkingRecordPaths.export, headers: { authorization: admin, 'x-export-id': 'records-export-0001' } });
    expect(exported.statusCode).toBe(200);
    const written = (await rowsOf(exported.rawPayload)).length - 1;
    const listed = (await get(`${parkingRecordPaths.list}?pageSize=1`)).json().data.pagination.total;
    const progress = await progressOf('records-export-0001');
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toEqual({ rows: written, total: listed, state: 'done' });

    // a filter the kept counts do not answer: rows without a total
    await t.app.inject({
      method: 'GET',
      url: `${parkingRecordPaths.export}?plateNumber=${encodeURIComponent('川A')}&plateMatch=prefix`,
      headers: { authorization: admin, 'x-export-id': 'records-export-0002' },
    });
    expect((await progressOf('records-export-0002')).json().data).toEqual({ rows: 2105, total: null, state: 'done' });

    // only its own user sees it: another tenant's administrator does not
    expect((await progressOf('records-export-0001', mwAdmin)).statusCode).toBe(404);
  });

  it('refuses a malformed export id in Chinese, on the export and on its progress', async () => {
    const exported = await t.app.inject({ method: 'GET', url: parkingRecordPaths.export, headers: { authorization: admin, 'x-export-id': 'short' } });
    expect(exported.statusCode).toBe(400);
    expect(exported.json()).toMatchObject({ code: 400, msg: exportIdMessage });
    const progress = await get(exportProgressPath.replace(':exportId', encodeURIComponent('坏的编号!')));
    expect(progress.statusCode).toBe(400);
    expect(progress.json().msg).toContain(exportIdMessage);
  });

  it('refuses bad filters with 400 in Chinese, and other tenants and users without the page get nothing', async () => {
    const bad = await get(`${parkingRecordPaths.export}?amountMin=5&amountMax=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('最高应收金额不能小于最低应收金额');
    expect((await get(parkingRecordPaths.export, nobody)).statusCode).toBe(403);
    const theirs = await get(parkingRecordPaths.export, mwAdmin);
    expect(theirs.statusCode).toBe(200);
    expect(await rowsOf(theirs.rawPayload)).toHaveLength(1);
  });
});
