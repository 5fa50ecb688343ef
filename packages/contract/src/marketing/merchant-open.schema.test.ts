import { describe, expect, it } from 'vitest';
import { recordQuery, stayCode } from '../payments/driver-pay.schema.js';
import { merchantPagePaths, merchantReportQuery, merchantStay, merchantStayParam, merchantStayQuery } from './merchant-open.schema.js';
import { merchantOptionsQuery } from './merchant.schema.js';

describe('merchantReportQuery', () => {
  it('asks for one month, as YYYY-MM, and nothing else', () => {
    expect(merchantReportQuery.parse({ month: '2026-03' })).toEqual({ month: '2026-03' });
    expect(merchantReportQuery.safeParse({ month: '2026-13' }).error?.issues[0]?.message).toBe('月份格式应为 YYYY-MM');
    expect(merchantReportQuery.safeParse({}).error?.issues[0]?.message).toBe('请选择月份');
    // another merchant is never a question the phone may ask
    expect(merchantReportQuery.safeParse({ month: '2026-03', merchantId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }).success).toBe(false);
  });
});

describe('merchantOptionsQuery', () => {
  it('takes a trimmed keyword and a settlement, and refuses a keyword longer than a name', () => {
    expect(merchantOptionsQuery.parse({ keyword: ' 书店 ', settlement: 'postpaid' })).toEqual({ keyword: '书店', settlement: 'postpaid' });
    expect(merchantOptionsQuery.safeParse({ keyword: '店'.repeat(65) }).error?.issues[0]?.message).toBe('商户名称最长64位');
    expect(merchantOptionsQuery.safeParse({ settlement: 'later' }).error?.issues[0]?.message).toBe('结算方式只能是 prepaid 或 postpaid');
  });
});

describe('merchantStayQuery', () => {
  it('takes the stay token of a scanned code, trimmed', () => {
    expect(merchantStayQuery.parse({ stay: ' abc.def ' })).toEqual({ stay: 'abc.def' });
  });

  it('refuses a missing, empty or overlong code in Chinese, and nothing else besides', () => {
    expect(merchantStayQuery.safeParse({}).error?.issues[0]?.message).toBe('缺少二维码参数');
    expect(merchantStayQuery.safeParse({ stay: '  ' }).error?.issues[0]?.message).toBe('缺少二维码参数');
    expect(merchantStayQuery.safeParse({ stay: 'x'.repeat(1025) }).error?.issues[0]?.message).toBe('二维码无效，请让车主刷新后重新出示');
    expect(merchantStayQuery.safeParse({ stay: 'abc.def', o: 'record' }).success).toBe(false);
  });
});

describe('merchantStay', () => {
  it('is the car the form is filled with: plate, colour, lot and entry time, nothing more', () => {
    const car = { plateNumber: '粤B12345', plateColour: 0, lotName: '步行街', enteredAt: '2026-03-10T02:05:00.000Z' };
    expect(merchantStay.parse({ ...car, recordId: 'hidden' })).toEqual(car);
    expect(merchantStay.safeParse({ ...car, enteredAt: undefined }).success).toBe(false);
  });
});

describe('stayCode', () => {
  it('is an address of the merchant page and when it stops being good; asked for with the order token', () => {
    expect(stayCode.parse({ url: 'https://park.example.com/#/merchant?stay=a.b', expiresAt: '2026-03-10T04:00:00.000Z' })).toEqual({
      url: 'https://park.example.com/#/merchant?stay=a.b',
      expiresAt: '2026-03-10T04:00:00.000Z',
    });
    expect(recordQuery.safeParse({ stay: 'a.b' }).success).toBe(false);
    expect(`${merchantPagePaths.home}?${merchantStayParam}=a.b`).toBe('/merchant?stay=a.b');
  });
});
