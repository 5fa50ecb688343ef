import { tariffRules, type TariffSummary, type TariffTrialResult } from '@parking/contract';
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
  vehicleClass: { code: 'small', name: '小型车' },
  version: { id: 'v1', versionNo: 1, effectiveFrom: '2024-12-31T16:00:00.000Z', effectiveTo: null },
};

/** 白天 with two tiers and a cap per stretch, 夜间 by the visit, non-workdays free, a class with rates of its own */
const savedRules = tariffRules.parse({
  schedule: {
    workday: [
      {
        label: '白天',
        start: '08:00',
        end: '20:00',
        pricing: {
          kind: 'perUnit',
          tiers: [
            { uptoMinutes: 60, unitMinutes: 30, unitPrice: 500, label: '首小时' },
            { uptoMinutes: null, unitMinutes: 30, unitPrice: 600 },
          ],
          rounding: { mode: 'threshold', leftoverMinutes: 5 },
        },
        capPerStretch: 2000,
      },
      { label: '夜间', start: '20:00', end: '08:00', pricing: { kind: 'perVisit', price: 500 } },
    ],
    nonWorkday: [],
  },
  vehicleClasses: [
    { code: 'small', name: '小型车', match: { plateColours: [0, 1] } },
    {
      code: 'yellow',
      name: '黄牌车',
      match: { plateColours: [2] },
      schedule: { workday: [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perVisit', price: 1000 } }], nonWorkday: [] },
    },
  ],
  caps: { perNaturalDay: 5000, bySegment: [{ segment: '夜间', perStretch: 800 }] },
  freeSpecialPlates: ['police'],
});

function fakeServer(trial = ok(trialResult)) {
  return installFakeApi({
    'GET /api/system/Tariff': ok({ list: [hangzhou], pagination: { currentPage: 1, pageSize: 10, total: 1 } }),
    'GET /api/system/Tariff/t-hz': ok({ ...hangzhou, rules: savedRules }),
    'PUT /api/system/Tariff/t-hz': saved('修改成功'),
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

  it('creates a tariff from the form, prices converted from 元 to 分', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const dialog = await openEditor();
    await user.click(within(dialog).getByLabelText('规则名称'));
    await user.paste('福田路侧');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/system/Tariff')).toBe(true), { timeout: 5_000 });
    const sent = body(calls.find((c) => c.method === 'POST' && c.url === '/api/system/Tariff'));
    expect(sent).toMatchObject({
      name: '福田路侧',
      rules: {
        schedule: { workday: [{ label: '白天', start: '08:00', end: '20:00', pricing: { tiers: [{ unitMinutes: 30, unitPrice: 200 }] } }], holiday: null },
        freePeriod: { minutes: 15 },
        vehicleClasses: [{ code: 'small' }, { code: 'large', multiplier: 2 }],
      },
    });
  });

  it('reprices the 计费试算 beside the form as a price is changed, and says so when the rules do not hold', async () => {
    fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const dialog = await openEditor();
    // today 08:00–10:10: 130 minutes at 2元 per 30, a partial unit counted whole = 5 × 2元
    await waitFor(() => expect(trialAmount(dialog)).toBe('10.00元'));
    const price = within(dialog).getByLabelText('单价');
    await user.clear(price);
    await user.type(price, '3');
    await waitFor(() => expect(trialAmount(dialog)).toBe('15.00元'));
    await user.clear(price);
    expect(await within(dialog).findByText('规则有误，暂不能试算')).toBeTruthy();
    expect(within(dialog).getByText('工作日 第1个时段 第1档 单价：单价须为数字')).toBeTruthy();
  });

  it('sets 非工作日 apart starting from a copy of the workday segments', { timeout: 60_000 }, async () => {
    fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const dialog = await openEditor();
    const weekend = within(dialog).getByRole('radiogroup', { name: '非工作日' });
    await user.click(within(weekend).getByRole('radio', { name: '单独设置' }));
    // the workday's one segment copied: two 时段名称 now, the second 非工作日's own
    await waitFor(() => expect(within(dialog).getAllByLabelText('时段名称')).toHaveLength(2));
    const prices = within(dialog).getAllByLabelText<HTMLInputElement>('单价');
    expect(prices.map((p) => p.value)).toEqual(['2', '2']);
    expect(within(dialog).getByRole('radio', { name: '同工作日', checked: false })).toBeTruthy();
  });

  it("puts the schema's reasons on the fields they belong to and sends nothing", async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const dialog = await openEditor();
    await user.click(within(dialog).getByLabelText('规则名称'));
    await user.paste('坏阶梯');
    // a second tier: the first now ends after 60 minutes; 45 is not a whole number of 30-minute units
    await user.click(within(dialog).getByRole('button', { name: /添加阶梯/ }));
    const upto = within(dialog).getByLabelText<HTMLInputElement>('截止时长');
    expect(upto.value).toBe('60');
    await user.clear(upto);
    await user.type(upto, '45');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('阶梯时长须为计费单位时长的整数倍', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/system/Tariff')).toBe(false);
  });

  it('imports rules from JSON checked with the contract schema: reasons in Chinese, then the form filled', async () => {
    fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const dialog = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: /导入 JSON/ }));
    // jsdom gives every dialog the same labelling id, so the importer is found by its title
    const importer = await waitFor(() => screen.getAllByRole('dialog').find((d) => d.textContent?.startsWith('导入规则 JSON'))!);
    const editor = within(importer).getByLabelText('规则 JSON');
    fireEvent.change(editor, { target: { value: '{"schedule":{"workday":[],"nonWorkday":[]},"vehicleClasses":[]}' } });
    await user.click(within(importer).getByRole('button', { name: /导\s*入/ }));
    expect(await within(importer).findByText('车型：至少需要一个车型')).toBeTruthy();
    const night = { label: '夜间', start: '20:00', end: '08:00', pricing: { kind: 'perVisit', price: 500 } };
    fireEvent.change(editor, { target: { value: JSON.stringify({ schedule: { workday: [night], nonWorkday: [] }, vehicleClasses: [{ code: 'small', name: '小型车' }] }) } });
    await user.click(within(importer).getByRole('button', { name: /导\s*入/ }));
    await waitFor(() => expect(within(dialog).getByLabelText('按次价格（元）')).toBeTruthy());
    expect(within(dialog).getByLabelText<HTMLInputElement>('按次价格（元）').value).toBe('5');
    expect(within(dialog).getByRole('radio', { name: '单独设置', checked: true })).toBeTruthy();
  });

  it('opens a saved tariff in the form, every rule in place, and saves the same rules back', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/tariff', '/parkingAdmin/tariff', <TariffPage />);
    const row = (await screen.findAllByText('杭州核心区域道路停车')).map((el) => el.closest('tr')).find(Boolean)!;
    await user.click(within(row).getByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog', { name: '修改计费规则「杭州核心区域道路停车」' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByLabelText('时段名称')
          .map((el) => (el as HTMLInputElement).value),
      ).toEqual(['白天', '夜间', '全天']),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('按次价格（元）', { selector: '#tariffEditor_rules_schedule_workday_1_pricing_priceYuan' }).value).toBe('5');
    // non-workdays free, for the tariff and for 黄牌车's own rates
    expect(within(dialog).getAllByRole('radio', { name: '单独设置', checked: true })).toHaveLength(2);
    expect(within(dialog).getByRole('switch', { name: '单独的收费时段', checked: true })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 5_000 });
    expect(body(calls.find((c) => c.method === 'PUT')).rules).toEqual(JSON.parse(JSON.stringify(savedRules)));
  });
});

async function openEditor() {
  await user.click(await screen.findByRole('button', { name: '新增计费规则' }));
  return screen.findByRole('dialog', { name: '新增计费规则' });
}

/** "10.00元" as the live 计费试算 shows it */
const trialAmount = (dialog: HTMLElement) => dialog.querySelector('.tariff-live-trial .ant-statistic-content')?.textContent;
