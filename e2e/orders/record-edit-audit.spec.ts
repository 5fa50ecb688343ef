import type { ParkingRecordDetail, RecordEditRequest } from '@parking/contract';
import { apiAs, createDemoUser } from '../support/api.js';
import { expect, signedOut, signIn, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { RecordEditAuditPage } from './record-edit-audit.page.js';
import { awaitingForADay, awaitingStayEnd } from '../support/charged-time.js';

// One stay on a lot of its own, reported by its cameras (set up through the API as demo's admin).
// The admin asks on the record's 详情 for a lower amount; the list will not let them decide it
// themselves. A second user, made for this spec, opens it as a system message would and approves it.
const stamp = Date.now().toString(36).toUpperCase();
const lotName = `修改审核场${stamp}`;
const plate = `粤Y${stamp.slice(-5)}`;
const auditor = { account: `audit${Date.now() % 1_000_000}`, password: 'Audit2026' };
const made = { lotId: '', laneIds: [] as string[], deviceIds: [] as string[], recordId: '' };
let record: ParkingRecordDetail;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 20 });
  made.lotId = lot.body.data.id;
  const tariffs = await api.get<{ list: { id: string; name: string }[] }>('/api/system/Tariff?pageSize=100');
  const tariffId = tariffs.body.data.list.find((t) => t.name === '北京一类地区占道停车')!.id;
  expect((await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 20, tariffId })).body.code).toBe(200);
  // the stay is looked at awaiting payment: the arrears check (every minute) must not move it to 欠费 meanwhile
  expect((await api.put(`/api/system/Parking/${made.lotId}/EventRules`, awaitingForADay)).body.code).toBe(200);
  const secrets: Record<'in' | 'out', string> = { in: '', out: '' };
  for (const direction of ['in', 'out'] as const) {
    const lane = await api.post<{ id: string }>('/api/system/ParkingLane', { lotId: made.lotId, name: direction === 'in' ? '南入口' : '南出口', direction });
    made.laneIds.push(lane.body.data.id);
    const device = await api.post<{ id: string; secret: string }>('/api/system/Device', {
      sn: `E2E-EDIT-${direction}-${stamp}`,
      name: `南${direction === 'in' ? '入' : '出'}口相机`,
      type: 'camera',
      lotId: made.lotId,
      laneId: lane.body.data.id,
    });
    expect(device.body.code).toBe(200);
    made.deviceIds.push(device.body.data.id);
    secrets[direction] = device.body.data.secret;
  }
  // in the tariff's charged daytime hours, whenever the suite runs
  const exitAt = awaitingStayEnd();
  const report = async (direction: 'in' | 'out', at: Date) => {
    const event = {
      ...freshBody('demo', `E2E-EDIT-${direction}-${stamp}`),
      kind: direction === 'in' ? 'lane_entry' : 'lane_exit',
      deviceEventId: `edit-${direction}-${stamp}`,
      plate,
      plateColour: 0,
      confidence: 0.99,
      occurredAt: at.toISOString(),
    };
    const response = await postSigned(page, '/api/device/events', secrets[direction], event);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { recordId: string } }).data.recordId;
  };
  made.recordId = await report('in', new Date(exitAt.getTime() - 100 * 60_000));
  await report('out', exitAt);
  record = (await api.get<ParkingRecordDetail>(`/api/system/ParkingRecord/${made.recordId}`)).body.data;
  expect(record.amountDue).toBeGreaterThan(100);
  await createDemoUser(page, auditor.account, auditor.password, ['系统管理员']);
  await page.close();
});

test('订单修改审核: one user asks for a lower amount on the record, another opens it from its link and approves it', async ({ page, browser }, testInfo) => {
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const audit = new RecordEditAuditPage(page);
  await audit.visitRecord(made.recordId);
  await expect(audit.edits.getByText('暂无修改记录')).toBeVisible();
  await audit.askAmount('1.00', '车主投诉计费有误');
  await expect(audit.edits.getByText('待审核')).toBeVisible();
  await expect(audit.changeRow(audit.edits, '应收')).toContainText(`${yuan(record.amountDue)} 元`);

  const api = await apiAs(page);
  const asked = (await api.get<{ list: RecordEditRequest[] }>(`/api/system/RecordEditAudit?recordId=${made.recordId}`)).body.data.list;
  expect(asked).toHaveLength(1);
  const edit = asked[0]!;

  // the requester sees it in the list but may not decide it
  await audit.visit();
  await audit.search.getByLabel('车牌号', { exact: true }).fill(plate);
  await audit.current.getByRole('button', { name: /查\s*询/ }).click();
  await expect(audit.rows).toHaveCount(1);
  const mine = audit.row(plate);
  expect(await audit.cell(mine, '申请内容')).toBe('应收金额改为 1.00 元');
  await expect(mine.getByRole('button', { name: /通\s*过/ })).toBeDisabled();

  const context = await browser.newContext(signedOut(testInfo));
  const other = await context.newPage();
  await signIn(other, auditor);
  const theirs = new RecordEditAuditPage(other);
  await theirs.visit(edit.id);
  const dialog = other.locator('.ant-modal:visible').filter({ hasText: '订单修改申请' });
  await expect(dialog.getByText('车主投诉计费有误')).toBeVisible();
  await expect(theirs.changeRow(dialog, '应收')).toContainText('1.00 元');
  await dialog.getByRole('button', { name: /通\s*过/ }).click();
  const decision = other.locator('.ant-modal:visible').filter({ hasText: '通过修改申请' });
  await decision.getByLabel('审核意见').fill('核实无误');
  await decision.getByRole('button', { name: '确定通过' }).click();
  await theirs.expectMessage('已通过，停车记录已修改');
  await expect(dialog.getByText('已通过')).toBeVisible();
  await expect(dialog.getByText('核实无误')).toBeVisible();
  await other.screenshot({ path: '/tmp/record-edit-approved.png', fullPage: true });
  await dialog.getByRole('button', { name: '查看停车记录' }).click();
  await expect(theirs.detail).toBeVisible();
  await expect(other.locator('.ant-modal:visible')).toHaveCount(0);
  await expect(theirs.edits.getByText('核实无误')).toBeVisible();
  await context.close();

  await audit.visitRecord(made.recordId);
  await expect(audit.edits.getByText('已通过')).toBeVisible();
  await page.screenshot({ path: '/tmp/record-edit-detail.png', fullPage: true });
  const after = (await api.get<ParkingRecordDetail>(`/api/system/ParkingRecord/${made.recordId}`)).body.data;
  expect(after).toMatchObject({ amountDue: 100, unpaid: 100, state: 'awaiting_payment' });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  for (const id of made.deviceIds) expect((await api.delete(`/api/system/Device/${id}`)).body.code).toBe(200);
  for (const id of made.laneIds) expect((await api.delete(`/api/system/ParkingLane/${id}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 20, tariffId: null, enabled: false });
  await page.close();
});
