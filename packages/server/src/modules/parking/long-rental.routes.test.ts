import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longRentals } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let lotId: string;
let otherLotId: string;
let mwLotId: string;

const base = '/api/system/LongRental';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const rows = async () => Number((await t.database.db.select({ n: count() }).from(longRentals))[0]!.n);
const plates = (data: { list: { plateNumber: string }[] }) => data.list.map((c) => c.plateNumber).sort();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  const lot = { type: 1, kind: 'lane', totalSpaces: 100 };
  lotId = (await call('POST', '/api/system/Parking', { ...lot, name: '科兴科学园', longRentalSpaces: 5 })).json().data.id;
  otherLotId = (await call('POST', '/api/system/Parking', { ...lot, name: '无长租停车场' })).json().data.id;
  mwLotId = (await call('POST', '/api/system/Parking', { ...lot, name: '美湾停车场', longRentalSpaces: 5 }, mwAdmin)).json().data.id;
});
afterAll(() => t.close());

/** in force from 2020 to 2099: active whatever day the test runs */
const card = (over: Record<string, unknown> = {}) => ({
  plateNumber: '粤B12345',
  plateColour: 0,
  lotId,
  ownerName: '张三',
  phone: '13812345678',
  validFrom: '2020-01-01',
  validTo: '2099-12-31',
  monthlyPrice: 45000,
  spaceCount: 1,
  remark: '',
  ...over,
});

describe('long-rental cards', () => {
  let cardId = '';

  it('creates a card, upper-cases the plate, reads its state from the dates and logs it', async () => {
    const response = await call('POST', base, card({ plateNumber: ' 粤b12345 ', plateColour: 3, spaceCount: 2, remark: '月卡' }));
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { plateNumber: '粤B12345', plateColour: 3, lotId, lotName: '科兴科学园', monthlyPrice: 45000, spaceCount: 2, state: 'active', enabled: true },
    });
    cardId = response.json().data.id;
    const log = (await call('GET', `/api/system/log?targetId=${cardId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'longRental', summary: '新增长租车位「科兴科学园 粤B12345」' });
  });

  it('refuses bad input with the rule in Chinese, and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ plateNumber: '' }, 400, '请求体 plateNumber：请输入车牌号'],
      [{ plateNumber: 'ABC123' }, 400, '请求体 plateNumber：请输入正确的车牌号，如 粤B12345'],
      [{ phone: '12812345678' }, 400, '请求体 phone：请输入正确的电话号码'],
      [{ phone: '' }, 400, '请求体 phone：请输入联系电话'],
      [{ ownerName: ' ' }, 400, '请求体 ownerName：请输入车主姓名'],
      [{ validFrom: '2025-02-30' }, 400, '请求体 validFrom：开始日期格式应为YYYY-MM-DD'],
      [{ validFrom: '2025-06-01', validTo: '2025-05-31' }, 400, '请求体 validTo：结束日期不能早于开始日期'],
      [{ monthlyPrice: -1 }, 400, '请求体 monthlyPrice：月租金额不能为负数'],
      [{ monthlyPrice: 12.5 }, 400, '请求体 monthlyPrice：月租金额最多两位小数'],
      [{ spaceCount: 0 }, 400, '请求体 spaceCount：车位数最小为1'],
      [{ lotId: 'x' }, 400, '请求体 lotId：请选择停车场'],
      [{ plateNumber: '粤B99999', spaceCount: 6 }, 400, '车位数不能超过停车场「科兴科学园」的长租车位数（5）'],
      [{ plateNumber: '粤B99999', lotId: otherLotId }, 400, '车位数不能超过停车场「无长租停车场」的长租车位数（0）'],
      [{ plateNumber: '粤B99999', lotId: mwLotId }, 400, '所选停车场不存在'],
    ];
    for (const [over, status, msg] of cases) {
      const response = await call('POST', base, card(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(status);
      expect(response.json().msg, JSON.stringify(over)).toBe(msg);
    }
    expect(await rows()).toBe(before);
  });

  it('refuses a second card of the plate on the lot whose dates overlap, but not one after it or on another lot', async () => {
    const overlapping = await call('POST', base, card({ validFrom: '2099-12-31', validTo: '2100-06-30' }));
    expect(overlapping.json()).toEqual({
      code: 409,
      msg: '车牌「粤B12345」在停车场「科兴科学园」已有2020-01-01至2099-12-31的长租，有效期不能重叠',
      data: null,
    });
    const next = await call('POST', base, card({ validFrom: '2100-01-01', validTo: '2100-12-31' }));
    expect(next.json()).toMatchObject({ code: 200, data: { state: 'pending' } });
    // moving the later card into the earlier one's dates is refused too
    const moved = await call('PUT', `${base}/${next.json().data.id}`, card({ validFrom: '2099-06-01', validTo: '2100-12-31' }));
    expect(moved.json().code).toBe(409);
    await call('PUT', '/api/system/Parking/' + otherLotId, { name: '无长租停车场', type: 1, kind: 'lane', totalSpaces: 100, longRentalSpaces: 1 });
    expect((await call('POST', base, card({ lotId: otherLotId }))).json().code).toBe(200);
    expect((await call('POST', base, card({ plateNumber: '粤B54321', validFrom: '2020-01-01', validTo: '2020-12-31' }))).json().data.state).toBe('expired');
  });

  it('edits a card, keeping it clear of itself, and logs before and after', async () => {
    const response = await call('PUT', `${base}/${cardId}`, card({ ownerName: '李四', monthlyPrice: 50000, enabled: false }));
    expect(response.json()).toMatchObject({ code: 200, msg: '修改成功', data: { ownerName: '李四', monthlyPrice: 50000, enabled: false, spaceCount: 1 } });
    const log = (await call('GET', `/api/system/log?targetId=${cardId}&keyword=${encodeURIComponent('修改长租车位')}`)).json().data.list[0];
    expect(log).toMatchObject({ before: { ownerName: '张三' }, after: { ownerName: '李四' } });
    expect((await call('PUT', `${base}/${cardId}`, card({ phone: '1' }))).json().msg).toBe('请求体 phone：请输入正确的电话号码');
  });

  it('lists by plate keyword, lot and state, and refuses unknown filters', async () => {
    expect((await call('GET', base)).json().data.pagination.total).toBe(4);
    expect(plates((await call('GET', `${base}?plateNumber=${encodeURIComponent('b543')}`)).json().data)).toEqual(['粤B54321']);
    expect((await call('GET', `${base}?lotId=${otherLotId}`)).json().data.list.map((c: { lotName: string }) => c.lotName)).toEqual(['无长租停车场']);
    expect((await call('GET', `${base}?state=active`)).json().data.pagination.total).toBe(2);
    expect((await call('GET', `${base}?state=pending`)).json().data.list[0]).toMatchObject({ validFrom: '2100-01-01', state: 'pending' });
    expect(plates((await call('GET', `${base}?state=expired`)).json().data)).toEqual(['粤B54321']);
    expect((await call('GET', `${base}?enabled=0`)).json().data.list.map((c: { id: string }) => c.id)).toEqual([cardId]);
    expect((await call('GET', `${base}?state=old`)).json().msg).toBe('查询参数 state：状态只能是 active（生效中）、pending（未生效）或 expired（已过期）');
    expect((await call('GET', `${base}?colour=1`)).statusCode).toBe(400);
    expect((await call('GET', `${base}?sidx=validTo&sort=desc&pageSize=1`)).json().data.list[0].validTo).toBe('2100-12-31');
  });

  it("sums each lot's long-rental spaces and the enabled cards in force today, with the space-leave flag", async () => {
    await call('PUT', `/api/system/Parking/updateLongRentalSpaceLeave/${lotId}`, { longRentalSpaceLeave: true });
    const lots = (await call('GET', `${base}/lots`)).json().data;
    expect(lots).toEqual([
      { lotId: otherLotId, lotName: '无长租停车场', longRentalSpaces: 1, activeCards: 1, rentedSpaces: 1, longRentalSpaceLeave: false },
      // the card in force is disabled; the other two are not in force today
      { lotId, lotName: '科兴科学园', longRentalSpaces: 5, activeCards: 0, rentedSpaces: 0, longRentalSpaceLeave: true },
    ]);
    expect((await call('GET', `${base}/lots`, undefined, mwAdmin)).json().data).toEqual([
      { lotId: mwLotId, lotName: '美湾停车场', longRentalSpaces: 5, activeCards: 0, rentedSpaces: 0, longRentalSpaceLeave: false },
    ]);
  });

  it('exports the filtered cards to xlsx with yuan and state in Chinese', async () => {
    const response = await call('GET', `${base}/Actions/Export?lotId=${lotId}&state=active`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('长租车位-'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book
      .getWorksheet('长租车位')!
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(sheet).toHaveLength(2);
    expect(sheet[0]!.slice(0, 10)).toEqual(['车牌号', '车牌颜色', '停车场', '车主姓名', '联系电话', '开始日期', '结束日期', '月租金额（元）', '车位数', '状态']);
    expect(sheet[1]!.slice(0, 11)).toEqual(['粤B12345', '蓝色', '科兴科学园', '李四', '138****5678', '2020-01-01', '2099-12-31', '500.00', 1, '生效中', '停用']);
  });

  it("does not show, change or delete another tenant's card, nor let users without the page in", async () => {
    expect((await call('GET', base, undefined, mwAdmin)).json().data.pagination.total).toBe(0);
    for (const [method, body] of [['GET'], ['PUT', card({ lotId: mwLotId })], ['DELETE']] as const) {
      const response = await call(method, `${base}/${cardId}`, body, mwAdmin);
      expect(response.json(), method).toEqual({ code: 404, msg: '长租车位不存在或已删除', data: null });
    }
    for (const url of [base, `${base}/lots`, `${base}/Actions/Export`]) expect((await call('GET', url, undefined, finance)).statusCode, url).toBe(403);
    expect((await call('POST', base, card({ lotId: mwLotId }), finance)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${cardId}`)).json().data.ownerName).toBe('李四');
  });

  it('keeps a lot with cards from being deleted, then deletes a card and logs it', async () => {
    expect((await call('GET', `/api/system/Parking/bindIf/${otherLotId}`)).json().data).toMatchObject({ longRentals: 1, deletable: false });
    expect((await call('DELETE', `/api/system/Parking/${otherLotId}`)).json()).toMatchObject({
      code: 400,
      msg: '停车场「无长租停车场」下还有1个长租车位，请先删除后再删除停车场',
    });
    expect((await call('DELETE', `${base}/${cardId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${cardId}`)).json()).toMatchObject({ code: 404, msg: '长租车位不存在或已删除' });
    const log = (await call('GET', `/api/system/log?targetId=${cardId}&keyword=${encodeURIComponent('删除')}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'delete', summary: '删除长租车位「科兴科学园 粤B12345」' });
  });
});
