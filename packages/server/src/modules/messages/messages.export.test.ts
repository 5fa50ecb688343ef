import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../../test/test-messages.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedTestMessagesInEveryTenant(t.database.db);
});
afterAll(() => t.close());

const exportRows = async (token: string, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/system/systemMessage/Actions/Export${query}`,
    headers: { authorization: token },
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { response, sheet, rows };
};

describe('GET /api/system/systemMessage/Actions/Export', () => {
  it('streams an xlsx of every message with Chinese headers, names and Shanghai times', async () => {
    const { response, sheet, rows } = await exportRows(await signIn(t.app));
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toMatch(/filename\*=UTF-8''系统消息-\d{8}\.xlsx$/);
    expect(sheet.name).toBe('系统消息');
    expect(rows[0]).toEqual(['消息名称', '消息内容', '消息类型', '状态', '创建时间']);
    expect(rows).toHaveLength(1 + 10);
    expect(rows.slice(1).map((r) => r[2])).toContain('对账差错');
    expect(rows.slice(1).every((r) => r[3] === '未处理')).toBe(true);
    expect(rows[1]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps the filters of the list, and ignores its paging', async () => {
    const { rows } = await exportRows(await signIn(t.app), '?messageTypeList=1,8&currentPage=3&pageSize=1');
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['订单预警', '订单预警', '车辆布控预警']);
  });

  it('exports only what the user may see', async () => {
    const { rows } = await exportRows(await signIn(t.app, 'mwfinance', 'mw'));
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['对账差错', '开票申请']);
  });

  it('refuses a signed-out caller and bad filters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/system/systemMessage/Actions/Export' })).statusCode).toBe(401);
    const token = await signIn(t.app);
    const bad = await t.app.inject({ method: 'GET', url: '/api/system/systemMessage/Actions/Export?messageTypeList=x', headers: { authorization: token } });
    expect(bad.statusCode).toBe(400);
  });
});
