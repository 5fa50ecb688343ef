import type { OrderWarning, Paged, ParkingRecord } from '@parking/contract';
import { apiAs, createDemoUser } from '../support/api.js';
import { expect, signedOut, signIn, test } from '../support/signed-in.fixtures.js';
import { ArrearsPage } from '../recovery/arrears.page.js';
import { ShellPage } from '../shell/shell.page.js';
import { expectViewShown } from '../support/sidebar.js';
import { retireSimulatedLots, runSimulator } from '../support/simulator.js';
import { OrderWarningPage } from './order-warning.page.js';
import { ParkingRecordPage } from './parking-record.page.js';
import { RecordEditAuditPage } from './record-edit-audit.page.js';

// Issue 6 as staff live it. The traffic simulator, run as its operator would against this server,
// sets up a barrier lot (仿真停车场01) and a street of 20 spaces (仿真路段02) and drives 50 cars
// through them over the last ten hours, signed as their cameras and PDA. Seed 6 is a day on which
// every car finds a place and a few plates are read with low confidence. Then in the console: the
// list shows every stay; a street stay left unpaid is corrected by one user and approved by another;
// its plate, owing the corrected amount, is paid in 欠费订单 and moves to 追缴记录; and a warning the
// traffic raised is opened from the bell and handled.
const cars = 50;
const seed = 6;
const laneLot = '仿真停车场01';
const street = '仿真路段02';
const auditor = { account: `story${Date.now() % 1_000_000}`, password: 'Story2026' };
const yuan = (fen: number) => (fen / 100).toFixed(2);

test('issue 6: simulated traffic, the list, an approved correction, an unpaid exit paid off, and a warning from the bell', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/');
  const api = await apiAs(page);
  const lotId = async (name: string) => {
    const lots = await api.get<Paged<{ id: string; name: string }>>(`/api/system/Parking?name=${encodeURIComponent(name)}&pageSize=100`);
    return lots.body.data.list.find((lot) => lot.name === name)!.id;
  };
  const recordsOf = async (id: string, state?: string) =>
    (await api.get<Paged<ParkingRecord>>(`/api/system/ParkingRecord?lotId=${id}&pageSize=1000${state ? `&state=${state}` : ''}`)).body.data;

  const summary = await test.step('the simulator drives 50 cars through a barrier lot and a street', async () => {
    const result = await runSimulator(testInfo, ['--lots', '2', '--streets', '1', '--cars', String(cars), '--minutes', '600', '--seed', String(seed)]);
    expect(result).toMatchObject({ seed, refused: 0 });
    // one stay per car: with this seed every car parks and no camera fires twice
    expect(result.entries).toBe(cars);
    expect(result.abnormal, 'low-confidence reads flag their stays').toBeGreaterThan(0);
    return result;
  });
  const lots = { lane: await lotId(laneLot), street: await lotId(street) };
  const laneRecords = (await recordsOf(lots.lane)).pagination.total;
  const streetRecords = (await recordsOf(lots.street)).pagination.total;
  expect(laneRecords + streetRecords).toBe(summary.entries);

  const records = new ParkingRecordPage(page);
  await test.step('停车记录 filtered to each simulated lot shows all of its stays', async () => {
    await records.visit();
    for (const [name, id, stays] of [
      [laneLot, lots.lane, laneRecords],
      [street, lots.street, streetRecords],
    ] as const) {
      await records.searchLot(name);
      await expect(page).toHaveURL(new RegExp(`lotId=${id}`));
      await expect(records.total).toHaveText(`共 ${stays} 条`);
      await expect(records.rows).toHaveCount(Math.min(10, stays));
      await expect(records.rows.filter({ hasNotText: name })).toHaveCount(0);
    }
  });

  // a street stay left unpaid, the plate's only one, priced above 1 yuan so it can be lowered by one
  const unpaid = (await recordsOf(lots.street, 'unpaid')).list;
  const target = unpaid.find((r) => r.amountDue > 100 && unpaid.filter((o) => o.plateNumber === r.plateNumber).length === 1);
  expect(target, 'a street car left owing more than 1 yuan').toBeDefined();
  const { plateNumber: plate, amountDue: charged } = target!;
  const corrected = charged - 100;

  await test.step('one user asks on the stay for a lower amount; a second user approves it on 订单修改审核', async () => {
    // still on the street's stays: the plate narrows them to one
    await records.searchPlate(plate);
    await expect(records.total).toHaveText('共 1 条');
    const row = records.row(plate);
    expect(await records.cell(row, '停车场')).toBe(street);
    expect(await records.cell(row, '状态')).toBe('欠费');
    expect(await records.cell(row, '欠费(元)')).toBe(yuan(charged));
    await records.openDetail(row);
    const audit = new RecordEditAuditPage(page);
    await expect(audit.edits.getByText('暂无修改记录')).toBeVisible();
    await audit.askAmount(yuan(corrected), '车主出示离场凭证，多计一小时');
    await expect(audit.edits.getByText('待审核')).toBeVisible();
    await expect(records.fact('应收(元)')).toHaveText(yuan(charged));

    await createDemoUser(page, auditor.account, auditor.password, ['系统管理员']);
    const context = await browser.newContext(signedOut(testInfo));
    const other = await context.newPage();
    await signIn(other, auditor);
    const theirs = new RecordEditAuditPage(other);
    await theirs.visit();
    await theirs.searchPlate(plate);
    await expect(theirs.rows).toHaveCount(1);
    const request = theirs.row(plate);
    expect(await theirs.cell(request, '申请内容')).toBe(`应收金额改为 ${yuan(corrected)} 元`);
    await theirs.approve(request, '凭证核实无误');
    await expect.poll(() => theirs.cell(request, '状态')).toBe('已通过');
    expect(await theirs.cell(request, '审核人')).toBe(`测试${auditor.account}`);
    await context.close();

    await page.reload();
    await expectViewShown(page);
    await expect(records.detail).toBeVisible();
    await expect(records.fact('应收(元)')).toHaveText(yuan(corrected));
    await expect(records.fact('欠费(元)')).toHaveText(yuan(corrected));
    await expect(records.timelineStep('计费')).toContainText(`应收 ${yuan(corrected)} 元（计费规则计得 ${yuan(charged)} 元，已审核修改）`);
    await expect(audit.edits.getByText('已通过')).toBeVisible();
    await expect(audit.edits.getByText('凭证核实无误')).toBeVisible();
    await expect(audit.changeRow(audit.edits, '应收')).toContainText(`${yuan(charged)} 元`);
    await expect(audit.changeRow(audit.edits, '应收')).toContainText(`${yuan(corrected)} 元`);
  });

  await test.step('the unpaid exit shows in 欠费订单 at its corrected amount, is paid, and moves to 追缴记录', async () => {
    const owingPlates = new Set(unpaid.map((r) => r.plateNumber)).size;
    const pursuit = new ArrearsPage(page);
    await pursuit.openFromMenu('欠费订单');
    await pursuit.searchLot(street);
    await expect(pursuit.total).toHaveText(`共 ${owingPlates} 条`);
    await pursuit.searchPlate(plate);
    await expect(pursuit.rows).toHaveCount(1);
    const row = pursuit.row(plate);
    expect(await pursuit.cell(row, '欠费笔数')).toBe('1');
    expect(await pursuit.cell(row, '欠费金额(元)')).toBe(yuan(corrected));
    expect(await pursuit.cell(row, '欠费停车场')).toBe(street);

    await pursuit.openDetail(row);
    await expect(pursuit.figure('欠费合计(元)')).toHaveText(yuan(corrected));
    const owing = pursuit.card('欠费记录').locator('tr.ant-table-row');
    await expect(owing).toHaveCount(1);
    await expect(owing).toContainText(street);
    await owing.getByRole('button', { name: /收\s*款/ }).click();
    await expect(pursuit.dialog).toBeVisible();
    await expect(pursuit.dialog.getByLabel('收款金额(元)')).toHaveValue(yuan(corrected));
    await pursuit.dialog.getByRole('button', { name: /确定收款/ }).click();
    await pursuit.expectMessage(`收款成功：${yuan(corrected)} 元`);
    await expect(pursuit.dialog).toBeHidden();
    await expect(pursuit.figure('欠费合计(元)')).toHaveText('0.00');
    await expect(pursuit.detail.getByText('已缴清')).toBeVisible();

    await pursuit.openFromMenu('欠费订单');
    await pursuit.searchLot(street);
    await expect(pursuit.total).toHaveText(`共 ${owingPlates - 1} 条`);
    await pursuit.searchPlate(plate);
    await expect(pursuit.total).toHaveText('共 0 条');

    await pursuit.openFromMenu('追缴记录');
    await pursuit.search.getByLabel('车牌号', { exact: true }).fill(plate);
    await pursuit.search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(pursuit.rows).toHaveCount(1);
    const recovered = pursuit.row(plate);
    expect(await pursuit.cell(recovered, '停车场')).toBe(street);
    expect(await pursuit.cell(recovered, '追缴金额(元)')).toBe(yuan(corrected));
    expect(await pursuit.cell(recovered, '支付渠道')).toBe('现金');
  });

  await test.step('a warning the traffic raised rings the bell, opens on 订单预警 and is handled', async () => {
    const openAt = (id: string) => api.get<Paged<OrderWarning>>(`/api/system/OrderWarning?category=1&state=open&lotId=${id}&pageSize=100`);
    const raised = [...(await openAt(lots.lane)).body.data.list, ...(await openAt(lots.street)).body.data.list].filter((w) => w.kind === 'low_confidence');
    expect(raised.length, 'the low-confidence reads raised 订单异常 warnings').toBeGreaterThan(0);
    const warning = raised[0]!;

    const shell = new ShellPage(page);
    await shell.open();
    await shell.openMessages();
    await shell.messages.getByRole('tab', { name: /^订单预警/ }).click();
    const message = shell.message(`车牌「${warning.plateNumber}」在「${warning.lotName}」车牌识别置信度低`);
    await expect(message).toContainText('订单异常：车牌识别置信度低');
    await message.click();
    await expect(page).toHaveURL(new RegExp(`#/OrderManagement/OrderWarning\\?id=${warning.id}&type=1$`));
    await expect(shell.messages).toBeHidden();

    const warnings = new OrderWarningPage(page);
    await expectViewShown(page);
    await expect(warnings.dialog).toBeVisible();
    await expect(warnings.tab('订单异常')).toHaveAttribute('aria-selected', 'true');
    await expect(warnings.dialog).toContainText('处理订单预警');
    await expect(warnings.dialog).toContainText(warning.plateNumber);
    await expect(warnings.dialog).toContainText(warning.lotName);
    await expect(warnings.current.locator('tr.order-warning-row--focused')).toContainText(warning.plateNumber);
    await warnings.dialog.getByPlaceholder(/请填写处理结果/).fill('已调取照片人工核对车牌');
    await warnings.dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(warnings.dialog).toBeHidden();
    await warnings.expectMessage('处理成功');
    const focused = warnings.current.locator('tr.order-warning-row--focused');
    await expect.poll(() => warnings.cell(focused, '处理状态')).toBe('已处理');
    expect(await warnings.cell(focused, '处理说明')).toBe('已调取照片人工核对车牌');

    // handled, it leaves the bell; the others stay
    await shell.openMessages();
    await shell.messages.getByRole('button', { name: '刷新' }).click();
    await expect(shell.toast('刷新成功')).toBeVisible();
    await shell.messages.getByRole('tab', { name: /^订单预警/ }).click();
    await expect(shell.messages.locator('.message-list__item:visible').first()).toBeVisible();
    await expect(message).toHaveCount(0);
  });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  await retireSimulatedLots(await apiAs(page), [laneLot, street]);
  await page.close();
});
