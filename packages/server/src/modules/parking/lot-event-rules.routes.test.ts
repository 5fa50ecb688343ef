import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLotEventRules } from '@parking/contract';
import { operationLogs, parkingLots } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let lotId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  lotId = (await call('POST', '/api/system/Parking', { name: '规则车道停车场', type: 1, kind: 'lane', totalSpaces: 100 })).json().data.id;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const rulesUrl = (id = lotId) => `/api/system/Parking/${id}/EventRules`;
const stored = async () => (await t.database.db.select({ eventRules: parkingLots.eventRules }).from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.eventRules;
const rulesLogs = async () => (await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, lotId))).filter((l) => l.summary.includes('事件规则'));

const custom = {
  duplicateEntry: 're-open',
  exitWithoutEntry: 'hold',
  firstPeriodMinutes: 30,
  minConfidence: 0.65,
  longStayHours: 48,
  maxStayDays: 30,
  blacklistEntry: 'refuse',
  graceReentry: 'continue',
  arrearsAfterMinutes: 120,
} as const;

describe('停车场事件规则', () => {
  it('reads a lot never configured as the defaults', async () => {
    expect(await stored()).toEqual({});
    const response = await call('GET', rulesUrl());
    expect(response.json()).toEqual({ code: 200, msg: '成功', data: defaultLotEventRules });
    expect(defaultLotEventRules).toMatchObject({ duplicateEntry: 'close-old-abnormal', exitWithoutEntry: 'charge-first-period', minConfidence: 0.8, arrearsAfterMinutes: 30 });
  });

  it('saves every rule, reads them back, and logs before and after with the Chinese names', async () => {
    const response = await call('PUT', rulesUrl(), custom);
    expect(response.json()).toEqual({ code: 200, msg: '保存成功', data: custom });
    expect(await stored()).toEqual(custom);
    expect((await call('GET', rulesUrl())).json().data).toEqual(custom);
    const [log] = await rulesLogs();
    expect(log).toMatchObject({ module: 'parking', action: 'update', target: 'parkingLot', before: defaultLotEventRules, after: custom });
    expect(log!.summary).toContain('修改停车场「规则车道停车场」事件规则：');
    expect(log!.summary).toContain('重复入场：异常关闭旧记录并新开 → 沿用在场记录');
    expect(log!.summary).toContain('无入场记录出场：收首时段费 → 待人工处理');
    expect(log!.summary).toContain('最低识别置信度：0.8 → 0.65');
    expect(log!.summary).toContain('最长计费(天)：90 → 30');
    // the lot's 操作记录 shows it too
    const lotLog = (await call('GET', `/api/system/Parking/operlogList?lotId=${lotId}&sort=desc`)).json().data.list[0];
    expect(lotLog).toMatchObject({ targetId: lotId, after: custom });
  });

  it('a partial body puts the rules left out back to their defaults', async () => {
    const response = await call('PUT', rulesUrl(), { exitWithoutEntry: 'free', longStayHours: 24 });
    expect(response.json().data).toEqual({ ...defaultLotEventRules, exitWithoutEntry: 'free', longStayHours: 24 });
    expect((await call('GET', rulesUrl())).json().data).toEqual({ ...defaultLotEventRules, exitWithoutEntry: 'free', longStayHours: 24 });
    const logs = await rulesLogs();
    expect(logs).toHaveLength(2);
    expect(logs.at(-1)).toMatchObject({ before: custom, after: { ...defaultLotEventRules, exitWithoutEntry: 'free', longStayHours: 24 } });
  });

  it('refuses bad values and unknown keys with a Chinese message, and writes nothing', async () => {
    const before = await stored();
    const logsBefore = (await rulesLogs()).length;
    const cases: [object, string][] = [
      [{ minConfidence: 1.5 }, '最低识别置信度不能大于1'],
      [{ minConfidence: -0.1 }, '最低识别置信度不能小于0'],
      [{ firstPeriodMinutes: 0 }, '首时段最短1分钟'],
      [{ firstPeriodMinutes: 2.5 }, '首时段分钟数必须是整数'],
      [{ longStayHours: 9000 }, '超长停车最多8760小时'],
      [{ arrearsAfterMinutes: 1441 }, '转欠费最多1440分钟'],
      [{ maxStayDays: 0 }, '最长计费天数至少1天'],
      [{ maxStayDays: 366 }, '最长计费天数最多365天'],
      [{ arrearsAfterMinutes: '30' }, '转欠费分钟数必须是整数'],
      [{ duplicateEntry: 'ignore' }, '重复入场处理方式只能是'],
      [{ exitWithoutEntry: 'charge' }, '无入场出场处理方式只能是'],
      [{ blacklistEntry: 'allow' }, '黑名单车辆入场处理方式只能是'],
      [{ graceReentry: 'both' }, '缴费后免费时段内再次入场只能是'],
      [{ exitWithoutEntry: 'free', freeMinutes: 15 }, '不支持的事件规则：freeMinutes'],
    ];
    for (const [body, message] of cases) {
      const response = await call('PUT', rulesUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().msg, JSON.stringify(body)).toContain(message);
    }
    expect(await stored()).toEqual(before);
    expect(await rulesLogs()).toHaveLength(logsBefore);
  });

  it("answers 404 for another tenant's lot and for a lot that does not exist, and changes nothing", async () => {
    const before = await stored();
    for (const [method, body] of [['GET'], ['PUT', { exitWithoutEntry: 'hold' }]] as const) {
      const response = await call(method, rulesUrl(), body, mwAdmin);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, msg: '停车场不存在或已删除' });
    }
    expect((await call('GET', rulesUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call('GET', rulesUrl('not-a-uuid'))).json()).toMatchObject({ code: 400, msg: expect.stringContaining('停车场编号格式不正确') });
    expect(await stored()).toEqual(before);
  });

  it('refuses users without the 停车场 permission', async () => {
    expect((await call('GET', rulesUrl(), undefined, finance)).statusCode).toBe(403);
    expect((await call('PUT', rulesUrl(), { exitWithoutEntry: 'hold' }, finance)).statusCode).toBe(403);
  });
});
