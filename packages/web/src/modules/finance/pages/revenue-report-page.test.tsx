import type { RevenueReport, RevenueReportRow } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { RevenueReportPage } from './revenue-report-page';

// jsdom has no canvas: the chart is stood in for by what it would be drawn from
vi.mock('../components/revenue-chart', () => ({ RevenueChart: ({ report }: { report: RevenueReport }) => <div>趋势图：{report.rows.length}行</div> }));

const row = (key: string, overrides: Partial<RevenueReportRow> = {}): RevenueReportRow => ({
  key,
  label: key,
  stays: 0,
  receivable: 0,
  discount: 0,
  couponDiscount: 0,
  cardDiscount: 0,
  longRentalDiscount: 0,
  whiteListDiscount: 0,
  waiverDiscount: 0,
  otherDiscount: 0,
  received: 0,
  wechat: 0,
  alipay: 0,
  cash: 0,
  balance: 0,
  sandbox: 0,
  receivedAtExit: 0,
  receivedPrepaid: 0,
  receivedRecovery: 0,
  receivedSpecial: 0,
  refunded: 0,
  net: 0,
  arrears: 0,
  recovered: 0,
  ...overrides,
});

let calls: RecordedCall[];
const reportCalls = () => calls.filter((c) => c.url === '/api/system/RevenueReport');

beforeAll(() => {
  quietComputedStyle();
  calls = installFakeApi({
    'GET /api/system/RevenueReport': (call) => {
      const { from, to, groupBy } = call.params as { from: string; to: string; groupBy: RevenueReport['groupBy'] };
      if (from === '2026-01-01') return ok({ from, to, groupBy, rows: [], totals: row('', { label: '合计' }) });
      const rows = [
        row('2026-11-20', { stays: 2, receivable: 2000, received: 1500, wechat: 1500, receivedAtExit: 1500, net: 1500 }),
        row('2026-11-21', { stays: 1, receivable: 800, arrears: 800, discount: 900, longRentalDiscount: 400, whiteListDiscount: 300, waiverDiscount: 200, receivedSpecial: 123 }),
      ];
      return ok({ from, to, groupBy, rows, totals: row('', { label: '合计', stays: 3, receivable: 2800, received: 1500, wechat: 1500, receivedAtExit: 1500, net: 1500, arrears: 800 }) });
    },
    'GET /api/system/RevenueReport/Scopes': ok({ lots: [{ id: 'l-1', name: '万象天地停车场', areaId: null }], areas: [] }),
  });
});

describe('营收报表', () => {
  it('shows the rows of the range asked in the address, in yuan, with the totals last and the chart over them', async () => {
    renderAt('/r?from=2026-11-20&to=2026-11-21', '/r', <RevenueReportPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(reportCalls().at(-1)!.params).toMatchObject({ from: '2026-11-20', to: '2026-11-21', groupBy: 'day' });
    expect(bodyRows()[0]!.textContent).toContain('2026-11-20');
    expect(bodyRows()[0]!.textContent).toContain('20.00');
    const totals = document.querySelector('.ant-table-summary tr')!;
    expect(totals.textContent).toContain('合计');
    expect(totals.textContent).toContain('28.00');
    expect(totals.textContent).toContain('8.00');
    expect(await screen.findByText('趋势图：2行')).toBeTruthy();
  });

  it('shows the discount by kind (长租, 白名单, 申诉减免) and special bills among 实收, with the day each counts on', async () => {
    renderAt('/r?from=2026-11-20&to=2026-11-21', '/r', <RevenueReportPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    for (const title of ['长租', '白名单', '申诉减免', '其他优惠', '特殊账单']) expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    const cells = [...bodyRows()[1]!.querySelectorAll('td')].map((td) => td.textContent);
    for (const amount of ['4.00', '3.00', '2.00', '9.00', '1.23']) expect(cells).toContain(amount);
    await user.click(await screen.findByRole('button', { name: /统计口径/ }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText('长租车停车免收的金额，按停车记录的出场日统计')).toBeTruthy();
    expect(within(panel).getByText('白名单免费时段免收的金额，按停车记录的出场日统计')).toBeTruthy();
    expect(within(panel).getByText('申诉审核减免的欠费金额，按停车记录的出场日统计')).toBeTruthy();
    expect(within(panel).getByText(/已支付的特殊账单金额，计入账单所属停车场，按支付日统计/)).toBeTruthy();
  });

  it('asks again grouped by month when 按月 is chosen', async () => {
    renderAt('/r?from=2026-11-20&to=2026-11-21', '/r', <RevenueReportPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(screen.getByText('按月'));
    await waitFor(() => expect(reportCalls().at(-1)!.params).toMatchObject({ groupBy: 'month' }));
    expect(screen.getAllByText('月份').length).toBeGreaterThan(0);
  });

  it('says which day each column counts on in the 统计口径 panel', async () => {
    renderAt('/r?from=2026-11-20&to=2026-11-21', '/r', <RevenueReportPage />);
    await user.click(await screen.findByRole('button', { name: /统计口径/ }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getAllByText(/按出场日统计/).length).toBeGreaterThan(0);
    expect(within(panel).getAllByText(/按支付日统计/).length).toBeGreaterThan(0);
    expect(within(panel).getByText(/按审核通过日统计/)).toBeTruthy();
  });

  it('shows 暂无数据 without a chart for a range with no money, and refuses a reversed range without asking', async () => {
    renderAt('/r?from=2026-01-01&to=2026-01-02', '/r', <RevenueReportPage />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText(/趋势图/)).toBeNull();
    const before = reportCalls().length;
    renderAt('/r?from=2026-11-22&to=2026-11-20', '/r', <RevenueReportPage />);
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    expect(reportCalls()).toHaveLength(before);
  });
});
