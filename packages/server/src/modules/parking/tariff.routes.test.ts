import { eq } from 'drizzle-orm';
import { type TariffRulesInput } from '@parking/contract';
import { sampleHalfHourDayPerVisitNight } from '../../../../contract/src/test/tariff-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecords, tenants } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-scope.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { versionAt } from './tariff.service.js';

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  demoId = (await t.database.db.select({ id: tenants.id, code: tenants.code }).from(tenants)).find((r) => r.code === 'demo')!.id;
});
afterAll(() => t.close());

const base = '/api/system/Tariff';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const total = async (token = admin) => (await call('GET', base, undefined, token)).json().data.pagination.total as number;

/** 每30分钟 `halfHour` 分, 不足30分钟按30分钟, all day, small cars only */
const flatRules = (halfHour: number): TariffRulesInput => {
  const day = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 30, unitPrice: halfHour }], rounding: { mode: 'up' } } }];
  return { schedule: { workday: day, nonWorkday: day }, vehicleClasses: [{ code: 'small', name: '小型车' }] } as TariffRulesInput;
};
const { name: _n, version: _v, effectiveFrom: _f, effectiveTo: _t, ...hangzhouRules } = sampleHalfHourDayPerVisitNight;

describe('seeded tariffs', () => {
  it('gives tenant demo the Beijing standard and a road sample, and the other tenant none', async () => {
    const list = (await call('GET', `${base}?sidx=name`)).json().data.list;
    expect(list.map((x: { name: string }) => x.name).sort()).toEqual(['北京一类地区占道停车', '路侧停车示例']);
    expect(list[0]).toMatchObject({ enabled: true, lotCount: 0, currentVersion: { versionNo: 1, effectiveFrom: '2024-12-31T16:00:00.000Z', effectiveTo: null } });
    expect(await total(mwAdmin)).toBe(0);
  });

  it('prices a seeded tariff: 北京一类 weekday 08:00-09:00 is 4 × 2.5元 = 10元; the road sample 08:00-09:10 is 2 × 5元 + 6元 = 16元', async () => {
    const list = (await call('GET', base)).json().data.list as { id: string; name: string }[];
    const beijing = list.find((x) => x.name.startsWith('北京'))!.id;
    const hangzhou = list.find((x) => x.name.startsWith('路侧'))!.id;
    const trial = (tariffId: string, exitedAt: string, vehicleClass = 'small') =>
      call('POST', `${base}/Actions/Trial`, { tariffId, enteredAt: '2025-03-03T08:00:00+08:00', exitedAt, vehicleClass });
    const bj = (await trial(beijing, '2025-03-03T09:00:00+08:00')).json();
    expect(bj).toMatchObject({ code: 200, data: { amount: 1000, freeReason: null, version: { versionNo: 1 } } });
    expect(bj.data.breakdown).toEqual([expect.objectContaining({ minutes: 60, units: 4, amount: 1000, from: '2025-03-03T00:00:00.000Z' })]);
    expect((await trial(hangzhou, '2025-03-03T09:10:00+08:00')).json().data.amount).toBe(1600);
    // the large vehicle pays double, and the result names the class it priced
    expect((await trial(hangzhou, '2025-03-03T09:10:00+08:00', 'large')).json().data).toMatchObject({ amount: 3200, vehicleClass: { code: 'large', name: '大型车' } });
    const free = (await trial(hangzhou, '2025-03-03T08:30:00+08:00')).json().data;
    expect(free).toMatchObject({ amount: 0, breakdown: [] });
    expect(free.freeReason).toContain('免费时长30分钟');
  });
});

describe('tariff CRUD and versions', () => {
  let id = '';

  it('creates a tariff with its first version and logs it', async () => {
    const response = await call('POST', base, { name: '测试按时计费', description: '每半小时2元', effectiveFrom: '2025-01-01T00:00:00+08:00', rules: flatRules(200) });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { name: '测试按时计费', enabled: true, lotCount: 0, vehicleClasses: [{ code: 'small', name: '小型车' }], currentVersion: { versionNo: 1 } },
    });
    id = response.json().data.id;
    expect(response.json().data.rules).toMatchObject({ tierClock: 'continue', graceMinutes: 15 });
    const log = (await call('GET', `/api/system/log?targetId=${id}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'tariff', summary: '新增计费规则「测试按时计费」' });
  });

  it('starts a new version when the rules change, ending the old one there; same rules add none', async () => {
    const renamed = await call('PUT', `${base}/${id}`, { name: '测试按时计费', description: '改描述', rules: flatRules(200) });
    expect(renamed.json()).toMatchObject({ code: 200, data: { description: '改描述', currentVersion: { versionNo: 1 } } });
    const changed = await call('PUT', `${base}/${id}`, { name: '测试按时计费', effectiveFrom: '2025-06-01T00:00:00+08:00', rules: flatRules(300) });
    expect(changed.json()).toMatchObject({ code: 200, data: { currentVersion: { versionNo: 2, effectiveFrom: '2025-05-31T16:00:00.000Z' } } });
    const versions = (await call('GET', `${base}/${id}/Versions`)).json().data;
    expect(versions.map((v: { versionNo: number; effectiveTo: string | null }) => [v.versionNo, v.effectiveTo])).toEqual([
      [2, null],
      [1, '2025-05-31T16:00:00.000Z'],
    ]);
    expect(versions[1].rules.schedule.workday[0].pricing.tiers[0].unitPrice).toBe(200);
    const log = (await call('GET', `/api/system/log?targetId=${id}&keyword=${encodeURIComponent('第2版')}`)).json().data.list[0];
    expect(log).toMatchObject({ summary: '修改计费规则「测试按时计费」，新增第2版' });
    // a metadata-only change leaves the versions alone
    expect((await call('PUT', `${base}/${id}`, { name: '测试按时计费', enabled: false })).json().data).toMatchObject({ enabled: false, currentVersion: { versionNo: 2 } });
    await call('PUT', `${base}/${id}`, { name: '测试按时计费', enabled: true });
  });

  it('finds the version in force at a moment with versionAt (the one an order keeps from entry)', async () => {
    const at = (iso: string) => withTenant(t.database.db, demoId, (tx) => versionAt(tx, demoId, id, new Date(iso)));
    expect(await at('2024-12-31T23:59:00+08:00')).toBeUndefined();
    expect((await at('2025-01-01T00:00:00+08:00'))?.version.versionNo).toBe(1);
    expect((await at('2025-05-31T23:59:59+08:00'))?.tariff).toMatchObject({ version: 1, effectiveFrom: '2025-01-01', effectiveTo: '2025-06-01', name: '测试按时计费' });
    expect((await at('2025-06-01T00:00:00+08:00'))?.version.versionNo).toBe(2);
    expect((await at('2030-01-01T00:00:00+08:00'))?.tariff.effectiveTo).toBeNull();
    // the trial prices with the version in force at entry: 2 units at 2元 before June, at 3元 after
    const trial = (day: string) => call('POST', `${base}/Actions/Trial`, { tariffId: id, enteredAt: `${day}T10:00:00+08:00`, exitedAt: `${day}T10:45:00+08:00`, vehicleClass: 'small' });
    expect((await trial('2025-05-20')).json().data.amount).toBe(400);
    expect((await trial('2025-06-20')).json().data.amount).toBe(600);
    expect((await trial('2024-06-20')).json()).toMatchObject({ code: 400, msg: '计费规则「测试按时计费」在入场时间（2024-06-20 10:00）没有生效的版本' });
  });

  it('refuses a new version that does not start after the latest one', async () => {
    const response = await call('PUT', `${base}/${id}`, { name: '测试按时计费', effectiveFrom: '2025-05-01T00:00:00+08:00', rules: flatRules(400) });
    expect(response.json()).toMatchObject({ code: 400, msg: '新版本的生效时间须晚于第2版的生效时间（2025-06-01 00:00）' });
    expect((await call('GET', `${base}/${id}/Versions`)).json().data).toHaveLength(2);
  });

  it('prices unsaved rules from the editor', async () => {
    const response = await call('POST', `${base}/Actions/Trial`, {
      rules: hangzhouRules,
      enteredAt: '2025-03-03T08:00:00+08:00',
      exitedAt: '2025-03-03T09:10:00+08:00',
      vehicleClass: 'large',
    });
    expect(response.json()).toMatchObject({ code: 200, data: { amount: 3200, version: null } });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = await total();
    expect((await call('POST', base, { rules: flatRules(100) })).json()).toMatchObject({ code: 400, msg: '请求体 name：请输入计费规则名称' });
    const noClass = { ...flatRules(100), vehicleClasses: [] };
    expect((await call('POST', base, { name: 'x', rules: noClass })).json().msg).toBe('请求体 rules.vehicleClasses：至少需要一个车型');
    const negative = flatRules(-1);
    expect((await call('POST', base, { name: 'x', rules: negative })).json().msg).toContain('单价不能为负');
    expect((await call('POST', base, { name: 'x', effectiveFrom: '明天', rules: flatRules(1) })).json().msg).toContain('生效时间格式不正确');
    expect((await call('POST', base, { name: '测试按时计费', rules: flatRules(1) })).json()).toMatchObject({ code: 409, msg: '计费规则名称「测试按时计费」已存在' });
    expect(await total()).toBe(before);
    const trial = (body: object) => call('POST', `${base}/Actions/Trial`, { enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', vehicleClass: 'small', ...body });
    expect((await trial({})).json()).toMatchObject({ code: 400, msg: '请求体 tariffId：请选择计费规则或填写计费规则内容（二选一）' });
    expect((await trial({ tariffId: id, exitedAt: '2025-03-03T07:00:00+08:00' })).json().msg).toBe('请求体 exitedAt：出场时间不能早于入场时间');
    expect((await trial({ tariffId: id, vehicleClass: 'truck' })).json()).toMatchObject({ code: 400, msg: '计费规则没有车型「truck」，可选：小型车（small）' });
    expect((await call('GET', `${base}/not-a-uuid`)).json().msg).toBe('路径参数 id：计费规则编号格式不正确');
  });

  it('refuses times far apart in Chinese: a trial over centuries or a year, a version effective in 1999', async () => {
    const before = await total();
    const trial = (body: object) => call('POST', `${base}/Actions/Trial`, { tariffId: id, vehicleClass: 'small', ...body });
    // a century inside the window: refused by its length, before the engine runs
    const centuries = await trial({ enteredAt: '2000-01-01T08:00:00+08:00', exitedAt: '2099-12-31T08:00:00+08:00' });
    expect(centuries.statusCode).toBe(400);
    expect(centuries.json()).toMatchObject({ code: 400, msg: '请求体 exitedAt：试算的停车时长不能超过366天' });
    const ancient = await trial({ enteredAt: '1725-03-03T08:00:00+08:00', exitedAt: '2025-03-03T08:00:00+08:00' });
    expect(ancient.json()).toMatchObject({ code: 400, msg: '请求体 enteredAt：入场时间（1725-03-03）不能早于2000-01-01' });
    const paidLater = await trial({ enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', paidAt: '2099-03-03T09:00:00+08:00' });
    expect(paidLater.json()).toMatchObject({ code: 400, msg: '请求体 paidAt：缴费时间不能晚于出场时间' });
    // a year and a day is still priced
    expect((await trial({ enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2026-03-04T08:00:00+08:00' })).json().code).toBe(200);
    const old = await call('POST', base, { name: '1999年的规则', effectiveFrom: '1999-12-31T08:00:00+08:00', rules: flatRules(1) });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 400, msg: '请求体 effectiveFrom：生效时间（1999-12-31）不能早于2000-01-01' });
    const newVersion = await call('PUT', `${base}/${id}`, { name: '测试按时计费', effectiveFrom: '1999-06-01T00:00:00+08:00', rules: flatRules(7) });
    expect(newVersion.json()).toMatchObject({ code: 400, msg: '请求体 effectiveFrom：生效时间（1999-06-01）不能早于2000-01-01' });
    expect(await total()).toBe(before);
  });

  it('assigns a tariff to a lot, counts it, refuses deleting it while used, then deletes it', async () => {
    const lot = (await call('POST', '/api/system/Parking', { name: '计费测试停车场', type: 1, kind: 'lane' })).json().data;
    const assigned = await call('PUT', `/api/system/Parking/${lot.id}/Tariff`, { tariffId: id });
    expect(assigned.json()).toMatchObject({ code: 200, data: { tariffId: id } });
    const log = (await call('GET', `/api/system/log?targetId=${lot.id}&keyword=${encodeURIComponent('计费规则')}`)).json().data.list[0];
    expect(log).toMatchObject({ summary: '停车场「计费测试停车场」计费规则：无 → 测试按时计费' });
    expect((await call('GET', `${base}/${id}`)).json().data.lotCount).toBe(1);
    expect((await call('DELETE', `${base}/${id}`)).json()).toMatchObject({
      code: 400,
      msg: '计费规则「测试按时计费」正被停车场「计费测试停车场」使用，请先为其更换计费规则',
    });
    // editing the lot keeps its tariff
    await call('PUT', `/api/system/Parking/${lot.id}`, { name: '计费测试停车场', type: 1, kind: 'lane', totalSpaces: 5 });
    expect((await call('GET', `/api/system/Parking/${lot.id}`)).json().data.tariffId).toBe(id);

    await call('PUT', `${base}/${id}`, { name: '测试按时计费', enabled: false });
    const other = (await call('GET', `${base}?name=${encodeURIComponent('北京')}`)).json().data.list[0].id;
    await call('PUT', `${base}/${other}`, { name: '北京一类地区占道停车', enabled: false });
    expect((await call('PUT', `/api/system/Parking/${lot.id}/Tariff`, { tariffId: other })).json()).toMatchObject({
      code: 400,
      msg: '计费规则「北京一类地区占道停车」已停用，不能分配给停车场',
    });
    await call('PUT', `${base}/${other}`, { name: '北京一类地区占道停车', enabled: true });
    expect((await call('PUT', `/api/system/Parking/${lot.id}/Tariff`, { tariffId: null })).json().data.tariffId).toBeNull();
    // a stay priced by it keeps it: the record's history needs the version it was priced by
    const [record] = await t.database.db.insert(parkingRecords).values({ tenantId: demoId, lotId: lot.id, plateNumber: '粤B77777', tariffId: id }).returning();
    expect((await call('DELETE', `${base}/${id}`)).json()).toMatchObject({
      code: 400,
      msg: '计费规则「测试按时计费」已有1条停车记录按其计费，不能删除，可将其停用',
    });
    await t.database.db.update(parkingRecords).set({ tariffId: null }).where(eq(parkingRecords.id, record!.id));
    expect((await call('DELETE', `${base}/${id}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${id}`)).json().code).toBe(404);
  });
});

describe('tenants and permissions', () => {
  it("keeps another tenant's tariffs and lots out of reach, and leaks nothing", async () => {
    const demoTariff = (await call('GET', base)).json().data.list[0].id;
    const mwLot = (await call('POST', '/api/system/Parking', { name: '明湾停车场', type: 1, kind: 'lane' }, mwAdmin)).json().data.id;
    expect((await call('GET', `${base}/${demoTariff}`, undefined, mwAdmin)).json()).toMatchObject({ code: 404, msg: '计费规则不存在或已删除' });
    expect((await call('GET', `${base}/${demoTariff}/Versions`, undefined, mwAdmin)).json().code).toBe(404);
    expect((await call('PUT', `${base}/${demoTariff}`, { name: '改名' }, mwAdmin)).json().code).toBe(404);
    expect((await call('DELETE', `${base}/${demoTariff}`, undefined, mwAdmin)).json().code).toBe(404);
    const trial = { tariffId: demoTariff, enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', vehicleClass: 'small' };
    expect((await call('POST', `${base}/Actions/Trial`, trial, mwAdmin)).json().code).toBe(404);
    expect((await call('PUT', `/api/system/Parking/${mwLot}/Tariff`, { tariffId: demoTariff }, mwAdmin)).json()).toMatchObject({ code: 400, msg: '所选计费规则不存在' });
    expect((await call('PUT', `/api/system/Parking/${mwLot}/Tariff`, { tariffId: demoTariff })).json().code).toBe(404);
    expect((await call('GET', `${base}/${demoTariff}`)).json().data.name).toBeTruthy();
  });

  it('answers 403 to a user without the 计费规则 page', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', `${base}/Actions/Trial`, {}, finance)).statusCode).toBe(403);
  });
});
