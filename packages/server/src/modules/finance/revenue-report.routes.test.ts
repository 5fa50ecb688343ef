import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenueColumns, revenueReportPaths } from '@parking/contract';
import { parkingLots, parkingRecords, tenants, users } from '../../db/schema/index.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

let t: TestApp;
let tokens: { admin: string; nobody: string; mwFinance: string };
let lotId: string;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });
const reportUrl = (query: Record<string, string>) => `${revenueReportPaths.report}?${new URLSearchParams(query).toString()}`;
const exportUrl = (query: Record<string, string>) => `${revenueReportPaths.export}?${new URLSearchParams(query).toString()}`;

beforeAll(async () => {
  t = await buildTestApp();
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const passwordHash = await hashPassword(md5Hex('admin123'));
  await t.database.db.insert(users).values({ tenantId: demo!.id, account: 'nobody', realName: '无权限用户', passwordHash });
  tokens = { admin: await signIn(t.app), nobody: await signIn(t.app, 'nobody'), mwFinance: await signIn(t.app, 'mwfinance', 'mw') };
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId: demo!.id, name: '报表路由停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
  await t.database.db.insert(parkingRecords).values([
    { tenantId: demo!.id, lotId, plateNumber: '粤B10001', exitedAt: new Date('2026-11-20T02:00:00Z'), state: 'awaiting_payment', amountDue: 1200, unpaid: 1200 },
    { tenantId: demo!.id, lotId, plateNumber: '粤B10002', exitedAt: new Date('2026-11-21T02:00:00Z'), state: 'unpaid', amountDue: 800, unpaid: 800 },
  ]);
});
afterAll(() => t.close());

describe('GET /api/system/RevenueReport', () => {
  it('answers the rows of each day of the range and their totals to a holder of the 营收报表 page', async () => {
    const response = await get(reportUrl({ from: '2026-11-20', to: '2026-11-22', lotId }), tokens.admin);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.rows.map((r: { label: string; receivable: number; arrears: number }) => [r.label, r.receivable, r.arrears])).toEqual([
      ['2026-11-20', 1200, 0],
      ['2026-11-21', 800, 800],
      ['2026-11-22', 0, 0],
    ]);
    expect(data.totals).toMatchObject({ label: '合计', stays: 2, receivable: 2000, arrears: 800 });
  });

  it('refuses a user without the page, and a reversed or too long range in Chinese', async () => {
    expect((await get(reportUrl({ from: '2026-11-20', to: '2026-11-22' }), tokens.nobody)).statusCode).toBe(403);
    const reversed = await get(reportUrl({ from: '2026-11-22', to: '2026-11-20' }), tokens.admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
    const long = await get(reportUrl({ from: '2025-01-01', to: '2026-11-20' }), tokens.admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('按日统计时日期范围不能超过366天');
    expect((await get(reportUrl({ from: '2025-01-01', to: '2026-11-20', groupBy: 'month' }), tokens.admin)).statusCode).toBe(200);
    expect((await get(reportUrl({ from: '2026-11-20', to: '2026-11-22', extra: '1' }), tokens.admin)).statusCode).toBe(400);
  });

  it('shows another tenant none of this tenant’s money, whatever lot it names', async () => {
    const response = await get(reportUrl({ from: '2026-11-20', to: '2026-11-22', lotId }), tokens.mwFinance);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.totals).toMatchObject({ stays: 0, receivable: 0 });
  });
});

describe('GET /api/system/RevenueReport/Scopes', () => {
  it('gives finance staff who may not open the lot pages the lots and areas of their own tenant to narrow the report to', async () => {
    const mine = await get(revenueReportPaths.scopes, tokens.admin);
    expect(mine.json().data.lots.map((l: { id: string }) => l.id)).toContain(lotId);
    const theirs = await get(revenueReportPaths.scopes, tokens.mwFinance);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.lots.map((l: { id: string }) => l.id)).not.toContain(lotId);
    expect((await get('/api/system/Parking/selector', tokens.mwFinance)).statusCode).toBe(403);
    expect((await get(revenueReportPaths.scopes, tokens.nobody)).statusCode).toBe(403);
  });
});

describe('GET /api/system/RevenueReport/Actions/Export', () => {
  it('exports exactly the rows shown, in yuan, with the totals last', async () => {
    const query = { from: '2026-11-20', to: '2026-11-22', lotId };
    const shown = (await get(reportUrl(query), tokens.admin)).json().data;
    const response = await get(exportUrl(query), tokens.admin);
    expect(response.statusCode).toBe(200);
    const rows = await xlsxRows(response);
    expect(rows[0]![0]).toBe('日期');
    expect(rows[0]).toHaveLength(revenueColumns.length + 1);
    expect(rows[0]).toContain('应收（元）');
    expect(rows.slice(1).map((r) => r[0])).toEqual([...shown.rows.map((r: { label: string }) => r.label), '合计']);
    const receivable = rows[0]!.indexOf('应收（元）');
    expect(rows.slice(1).map((r) => r[receivable])).toEqual(['12.00', '8.00', '0.00', '20.00']);
    expect((await get(exportUrl(query), tokens.nobody)).statusCode).toBe(403);
  });
});
