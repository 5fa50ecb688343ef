import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.js';
import { expect, mwAdmin, signIn, test } from '../support/signed-in.fixtures.js';
import { DevicePage, freshBody, postSigned } from './device.page.js';

// Tenant mw's administrator, so the counts tenant demo's message specs read are left alone; the
// device, its message and its lot are removed at the end. The server checks for offline devices
// every second here (playwright.config.ts), and the device's cycle is the shortest, 10 s.
const stamp = Date.now().toString(36);
const lotName = `设备测试停车场${stamp}`;
const sn = `E2E-CAM-${stamp}`.toUpperCase();
const heartbeat = '/api/device/heartbeat';
const bell = (page: Page) => page.getByRole('button', { name: '系统消息' });

test('路外设备: register a camera, see its secret once, heartbeat as the device, watch it go 在线 then 离线 into the bell', async ({ page }) => {
  test.setTimeout(90_000);
  await page.context().clearCookies();
  await signIn(page, mwAdmin);
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane' });
  expect(lot.body.msg).toBe('新增成功');

  const devices = new DevicePage(page);
  await devices.visit('outRoad');
  await devices.create();
  await expect(devices.dialog.getByText('新增路外设备')).toBeVisible();
  await devices.field('设备编号').fill(sn);
  await devices.field('设备名称').fill('东门入口相机');
  await devices.pickOption(devices.field('设备类型'), '车牌识别相机');
  await devices.pickOption(devices.field('停车场'), lotName);
  await devices.field('心跳周期').fill('10');
  await devices.dialog.getByRole('button', { name: '保存' }).click();
  await devices.expectMessage('新增成功');
  const secret = await devices.takeSecret();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  const row = devices.row(sn);
  await expect(row).toHaveCount(1);
  expect(await devices.cell(row, '在线状态')).toBe('未上线');
  expect(await devices.cell(row, '停车场')).toBe(lotName);

  // the device: a signed heartbeat is taken, the same call again is a replay
  const body = freshBody('mw', sn);
  const first = await postSigned(page, heartbeat, secret, body);
  expect(first.status()).toBe(200);
  const replay = await postSigned(page, heartbeat, secret, body);
  expect(replay.status()).toBe(401);
  expect((await replay.json()).msg).toBe('请求重复：nonce 已使用');
  expect((await postSigned(page, heartbeat, '0'.repeat(64), freshBody('mw', sn))).status()).toBe(401);

  await devices.reload();
  await expect.poll(() => devices.cell(devices.row(sn), '在线状态')).toBe('在线');

  // while the device stays silent: the form says what it refuses, and saves nothing
  await devices.create();
  await devices.dialog.getByRole('button', { name: '保存' }).click();
  await expect(devices.dialog.getByText('请输入设备编号')).toBeVisible();
  await devices.field('设备编号').fill(`${sn} 1`);
  await devices.field('心跳周期').fill('5');
  await devices.dialog.getByRole('button', { name: '保存' }).click();
  await expect(devices.dialog.getByText('设备编号只能包含字母、数字、下划线和短横线')).toBeVisible();
  await expect(devices.dialog.getByText('心跳周期最小为10秒')).toBeVisible();
  // what was typed is thrown away only once the user says so
  await devices.dialog.getByRole('button', { name: '取消' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();
  await expect(devices.dialog).toBeHidden();
  await expect(devices.rows).toHaveCount(1);

  // silent for more than 3 cycles of 10 s
  await expect
    .poll(
      async () => {
        await devices.reload();
        return devices.cell(devices.row(sn), '在线状态');
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe('离线');

  // tenant mw has no other messages: the bell has something to open once its 10 s poll saw the outage
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('1', { timeout: 15_000 });
  await bell(page).click();
  const dialog = page.locator('.message-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: /^路外设备离线/ }).click();
  await expect(dialog.locator('.message-list__item:visible', { hasText: sn })).toBeVisible();
  await dialog.locator('.message-list__item:visible', { hasText: sn }).click();
  await expect(page).toHaveURL(new RegExp(`#/SysOperations/outRoad\\?deviceNo=${sn}$`));
  await expect(devices.rows).toHaveCount(1);

  // 删除 asks first; the outage closes with the device
  await devices.row(sn).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '删除' }).click();
  await devices.expectMessage('删除成功');
  await expect(devices.row(sn)).toHaveCount(0);
  const open = await api.get<{ list: { deviceSn: string }[] }>('/api/system/DeviceOfflineTask?state=open&parkingType=1');
  expect(open.body.data.list.map((task) => task.deviceSn)).not.toContain(sn);
  const raised = await api.get<{ list: { id: string; businessId: string; status: number }[] }>('/api/system/systemMessage?messageTypeList=6');
  const mine = raised.body.data.list.filter((m) => m.businessId === sn);
  expect(mine.map((m) => m.status)).toEqual([1]);
  for (const message of mine) await api.delete(`/api/system/systemMessage/${message.id}`);
  expect((await api.delete(`/api/system/Parking/${lot.body.data.id}`)).body.msg).toBe('删除成功');
});
