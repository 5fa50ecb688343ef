import { describe, expect, it } from 'vitest';
import { merchantReportQuery } from './merchant-open.schema.js';
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
