import type { TariffSummary, TariffTrialResult } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { screenWidthMedia } from '../../../test/media';
import { failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { TariffPage } from './tariff-page';

beforeAll(() => {
  quietComputedStyle();
  // a desktop-wide screen, for the columns the table shows only from a tablet up
  window.matchMedia = screenWidthMedia(1440);
});

const hangzhou: TariffSummary = {
  id: 't-hz',
  name: '杭州核心区域道路停车',
  description: '',
  enabled: true,
  currentVersion: { id: 'v1', versionNo: 1, effectiveFrom: '2024-12-31T16:00:00.000Z', effectiveTo: null },
  vehicleClasses: [
    { code: 'small', name: '小型车' },
    { code: 'large', name: '大型车' },
  ],
  lotCount: 2,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** 试算 on the tariff's row, then the panel's 试算 once the panel has taken the tariff and its first class. */
async function runTrialOf(name: string) {
  const row = (await screen.findAllByText(name)).map((el) => el.closest('tr')).find(Boolean)!;
  await user.click(within(row).getByRole('button', { name: '试算' }));
  const panel = screen.getByText('计费试算').closest<HTMLElement>('.ant-card')!;
  // the tariff and then its class arrive over two renders; a click before that is refused with 请选择车型 and sends nothing
  await waitFor(() => expect(within(panel).getByTitle('小型车')).toBeTruthy());
  await user.click(within(panel).getByRole('button', { name: /试\s*算/ }));
}

const trialResult: TariffTrialResult = {
  amount: 1600,
  breakdown: [
    { label: '白天 08:00-20:00 首小时 5元/半小时', from: '2025-03-03T00:00:00.000Z', to: '2025-03-03T01:00:00.000Z', minutes: 60, units: 2, amount: 1000 },
    { label: '白天 08:00-20:00 首小时后 6元/半小时', from: '2025-03-03T01:00:00.000Z', to: '2025-03-03T01:10:00.000Z', minutes: 10, units: 1, amount: 600 },
  ],
  freeReason: null,
  chargedUntil: '2025-03-03T01:10:00.000Z',
  version: { id: 'v1', versionNo: 1, effectiveFrom: '2024-12-31T16:00:00.000Z', effectiveTo: null },
};

function fakeServer(trial = ok(trialResult)) {
  return installFakeApi({
    'GET /api/system/Tariff': ok({ list: [hangzhou], pagination: { currentPage: 1, pageSize: 10, total: 1 } }),
    'POST /api/system/Tariff/Actions/Trial': trial,
    'POST /api/system/Tariff': saved('新增成功'),
  });
}
const body = (call: RecordedCall | undefined) => JSON.parse(String(call?.data)) as Record<string, unknown>;

describe('计费规则 page', { timeout: 150_000 }, () => {
  it('lists tariffs with their current version, lots using them and state', async () => {
    fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const row = (await screen.findAllByText('杭州核心区域道路停车')).map((el) => el.closest('tr')).find(Boolean)!;
    expect(within(row).getByText('第1版')).toBeTruthy();
    expect(within(row).getByText('2025/01/01 00:00')).toBeTruthy();
    expect(within(row).getByText('小型车、大型车')).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    // a tariff in use cannot be deleted
    expect(within(row).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(true);
  });

  it('prices a stay in the 计费试算 panel: amount in 元 with two decimals and the breakdown lines', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    await runTrialOf('杭州核心区域道路停车');
    expect(await screen.findByText('16.00')).toBeTruthy();
    expect(screen.getByText('白天 08:00-20:00 首小时后 6元/半小时')).toBeTruthy();
    expect(screen.getByText('按第1版计费')).toBeTruthy();
    const sent = body(calls.find((c) => c.method === 'POST' && c.url.endsWith('/Trial')));
    expect(sent).toMatchObject({ tariffId: 't-hz', vehicleClass: 'small' });
    // today's 08:00–09:10 on the Shanghai clock, sent with its offset whatever the browser's zone
    expect(String(sent.enteredAt)).toMatch(/T08:00:00\+08:00$/);
    expect(String(sent.exitedAt)).toMatch(/T09:10:00\+08:00$/);
  });

  it("shows the server's refusal in the panel", async () => {
    fakeServer(failure(400, '计费规则「杭州核心区域道路停车」在入场时间（2024-06-20 10:00）没有生效的版本'));
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    await runTrialOf('杭州核心区域道路停车');
    expect(await screen.findByText(/没有生效的版本/)).toBeTruthy();
  });

  it('creates a tariff from the common fields, prices converted from 元 to 分', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    await user.click(await screen.findByRole('button', { name: '新增计费规则' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('名称'));
    await user.paste('福田路侧');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/system/Tariff')).toBe(true), { timeout: 5_000 });
    const sent = body(calls.find((c) => c.method === 'POST' && c.url === '/api/system/Tariff'));
    expect(sent).toMatchObject({
      name: '福田路侧',
      rules: { schedule: { workday: [{ start: '08:00', end: '20:00', pricing: { tiers: [{ unitMinutes: 30, unitPrice: 200 }] } }] }, freePeriod: { minutes: 15 } },
    });
  });

  it('checks the advanced JSON with the contract schema and shows the reasons in Chinese, sending nothing', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    await user.click(await screen.findByRole('button', { name: '新增计费规则' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('名称'));
    await user.paste('坏规则');
    await user.click(within(dialog).getByText('高级（JSON）'));
    const editor = within(dialog).getByLabelText('规则 JSON');
    fireEvent.change(editor, { target: { value: '{"schedule":{"workday":[],"nonWorkday":[]},"vehicleClasses":[]}' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('vehicleClasses：至少需要一个车型', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/system/Tariff')).toBe(false);
  });
});
