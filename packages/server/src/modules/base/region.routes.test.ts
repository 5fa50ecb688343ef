import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let finance: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  finance = await signIn(t.app, 'mwfinance', 'mw');
});
afterAll(() => t.close());

const get = (url: string, token: string | undefined = admin) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const byAddress = (address: string, token?: string) => get(`/api/system/Base/Area/getCodeByAddress?address=${encodeURIComponent(address)}`, token);

describe('GET /api/system/Base/Area/getCodeByAddress', () => {
  it('answers the codes and names of a full address', async () => {
    const response = await byAddress('广东省深圳市南山区科技园');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      msg: '成功',
      data: { provinceCode: '440000', provinceName: '广东省', cityCode: '440300', cityName: '深圳市', districtCode: '440305', districtName: '南山区' },
    });
  });

  it('reads 直辖市, abbreviations and a missing province, for any signed-in user of any tenant', async () => {
    expect((await byAddress('北京市朝阳区建国路88号')).json().data).toMatchObject({ provinceCode: '110000', cityCode: '110100', districtCode: '110105' });
    expect((await byAddress('深圳南山区', finance)).json().data).toMatchObject({ provinceCode: '440000', cityCode: '440300', districtCode: '440305' });
    expect((await byAddress('广东省东莞市')).json().data).toMatchObject({ cityCode: '441900', districtCode: null, districtName: null });
  });

  it('refuses an address naming nothing, an ambiguous one and bad input with Chinese msgs', async () => {
    const nothing = await byAddress('科技园南区8栋');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ code: 404, msg: '未能从地址“科技园南区8栋”中识别出省市区，请以省或市开头填写', data: null });
    const ambiguous = await byAddress('朝阳区');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().msg).toContain('对应多个地区');
    const missing = await get('/api/system/Base/Area/getCodeByAddress');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('请填写地址');
    expect((await byAddress('深')).json().msg).toContain('地址至少2个字');
    expect((await byAddress('深'.repeat(201))).json().msg).toContain('地址不能超过200个字');
    expect((await get('/api/system/Base/Area/getCodeByAddress?address=%E6%B7%B1%E5%9C%B3&city=x')).statusCode).toBe(400);
  });

  it('refuses a signed-out caller', async () => {
    const response = await byAddress('广东省深圳市', '');
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/system/Base/Area/tree', () => {
  it('gives the provinces, then the children of a parent code, as cascader options', async () => {
    const provinces = await get('/api/system/Base/Area/tree');
    expect(provinces.statusCode).toBe(200);
    expect(provinces.json().data).toHaveLength(34);
    expect(provinces.json().data).toContainEqual({ value: '440000', label: '广东省', isLeaf: false });
    const cities = (await get('/api/system/Base/Area/tree?parentCode=440000', finance)).json().data;
    expect(cities).toContainEqual({ value: '440300', label: '深圳市', isLeaf: false });
    const districts = (await get('/api/system/Base/Area/tree?parentCode=440300')).json().data;
    expect(districts).toContainEqual({ value: '440305', label: '南山区', isLeaf: true });
    // a level at a time keeps each answer small
    expect(provinces.body.length).toBeLessThan(4000);
  });

  it('refuses a malformed or unknown parent code and a signed-out caller', async () => {
    const malformed = await get('/api/system/Base/Area/tree?parentCode=44');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('行政区划代码应为6位数字');
    const unknown = await get('/api/system/Base/Area/tree?parentCode=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('未找到行政区划代码 999999');
    expect((await get('/api/system/Base/Area/tree', '')).statusCode).toBe(401);
  });
});
