import type { OrderWarning } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { OrderWarningPage } from './order-warning-page';

const warning = (overrides: Partial<OrderWarning>): OrderWarning => ({
  id: 'w-1',
  recordId: 'r-1',
  lotId: 'l-1',
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  kind: 'duplicate_entry',
  category: 1,
  state: 'open',
  detail: '在场期间再次入场，原订单已异常关闭',
  remark: '',
  handledBy: null,
  handledByName: null,
  handledAt: null,
  createdAt: '2026-03-03T01:00:00.000Z',
  ...overrides,
});
const orderWarnings = [
  warning({}),
  warning({
    id: 'w-2',
    plateNumber: '粤B67890',
    kind: 'long_stay',
    detail: '停车3天1时，超过72小时',
    state: 'closed',
    remark: '车主已缴费',
    handledByName: '系统管理员',
    handledAt: '2026-03-04T02:00:00.000Z',
  }),
];
const controlWarnings = [warning({ id: 'w-8', recordId: null, plateNumber: '粤B00008', kind: 'blacklist_entry', category: 2, detail: '拉黑原因：多次冲卡；已拒绝入场' })];

let calls: RecordedCall[];
const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const page = (list: unknown[]) => ok({ list, pagination: { currentPage: 1, pageSize: 10, total: list.length } });

beforeAll(() => quietComputedStyle());
beforeEach(() => {
  calls = installFakeApi({
    'GET /api/system/OrderWarning': (call) => page((call.params as { category: number }).category === 2 ? controlWarnings : orderWarnings),
    'GET /api/system/OrderWarning/w-1': ok(orderWarnings[0]),
    'GET /api/system/OrderWarning/w-8': ok(controlWarnings[0]),
    'POST /api/system/OrderWarning/w-1/Actions/Handle': saved('处理成功', { ...orderWarnings[0], state: 'closed' }),
    'POST /api/system/OrderWarning/w-8/Actions/Handle': saved('处理成功', { ...controlWarnings[0], state: 'closed' }),
    'GET /api/system/Parking/list': page([{ id: 'l-1', name: '万象天地停车场', kind: 'lane' }]),
  });
});

const path = '/OrderManagement/OrderWarning';

describe('订单预警', () => {
  it('type=1 lists 订单异常 with plate, lot, kind, time, state and remark', { timeout: 60_000 }, async () => {
    renderAt(`${path}?type=1`, path, <OrderWarningPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByRole('tab', { name: '订单异常', selected: true })).toBeTruthy();
    expect(callsTo('GET', '/api/system/OrderWarning').at(-1)?.params).toMatchObject({ category: 1 });
    const [first, second] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByText('粤B12345')).toBeTruthy();
    expect(first!.getByText('万象天地停车场')).toBeTruthy();
    expect(first!.getByText('重复入场')).toBeTruthy();
    expect(first!.getByText('2026-03-03 09:00:00')).toBeTruthy();
    expect(first!.getByText('未处理')).toBeTruthy();
    expect(first!.getByRole('button', { name: /处\s*理/ })).toBeTruthy();
    expect(second!.getByText('超长停车')).toBeTruthy();
    expect(second!.getByText('已处理')).toBeTruthy();
    expect(second!.getByText('车主已缴费')).toBeTruthy();
    expect(second!.getByRole('button', { name: /查\s*看/ })).toBeTruthy();
  });

  it('type=2 opens 车辆布控 and a search there stays on it', { timeout: 60_000 }, async () => {
    const router = renderAt(`${path}?type=2`, path, <OrderWarningPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('tab', { name: '车辆布控', selected: true })).toBeTruthy();
    expect(within(bodyRows()[0] as HTMLElement).getByText('黑名单车辆入场')).toBeTruthy();
    // a warning of a refused entry has no record to open
    expect(within(bodyRows()[0] as HTMLElement).queryByRole('button', { name: /订单详情/ })).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('车牌号或开头，如 粤B'), { target: { value: '粤B' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(callsTo('GET', '/api/system/OrderWarning').at(-1)?.params).toMatchObject({ category: 2, plateNumber: '粤B' }));
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('2');
    expect(screen.getByRole('tab', { name: '车辆布控', selected: true })).toBeTruthy();
  });

  it('a message link with id highlights the row and opens its 处理 dialog; the remark is required', { timeout: 60_000 }, async () => {
    renderAt(`${path}?id=w-1&type=1`, path, <OrderWarningPage />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('处理订单预警')).toBeTruthy();
    expect(within(dialog).getByText('在场期间再次入场，原订单已异常关闭')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect((bodyRows()[0] as HTMLElement).className).toContain('order-warning-row--focused');
    expect((bodyRows()[1] as HTMLElement).className).not.toContain('order-warning-row--focused');

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
    expect(callsTo('POST', '/api/system/OrderWarning/w-1/Actions/Handle')).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText(/请填写处理结果/), { target: { value: '  已核实为误识别 ' } });
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('POST', '/api/system/OrderWarning/w-1/Actions/Handle')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('POST', '/api/system/OrderWarning/w-1/Actions/Handle')[0]!.data))).toEqual({ remark: '已核实为误识别' });
    expect(await screen.findByText('处理成功')).toBeTruthy();
  });

  it('a message pointing at a warning that is gone says so on the page and still lists the tab', { timeout: 60_000 }, async () => {
    renderAt(`${path}?id=w-gone&type=1`, path, <OrderWarningPage />);
    expect(await screen.findByText('消息所指的订单预警不存在或已删除')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    // said once on the page, not again in a pop-up with the server's msg
    expect(screen.queryByText('未找到')).toBeNull();
  });

  it('订单详情 opens the record with the way back to this tab', { timeout: 60_000 }, async () => {
    const router = renderAt(`${path}?type=1`, '/OrderManagement/*', <OrderWarningPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /订单详情/ }));
    expect(router.state.location.pathname).toBe('/OrderManagement/parkingRecordOrderInfo/r-1');
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe(`${path}?type=1`);
  });

  it('黑白名单 opens the one list of the plates 车辆布控 watches for, and the old 黑名单 tab address leads there too', { timeout: 60_000 }, async () => {
    const router = renderAt(`${path}?type=2`, '/*', <OrderWarningPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.queryByRole('tab', { name: '黑名单' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '黑白名单' }));
    expect(router.state.location.pathname).toBe('/customer/blackWhiteList');
    const old = renderAt(`${path}?type=blacklist`, '/*', <OrderWarningPage />);
    await waitFor(() => expect(old.state.location.pathname).toBe('/customer/blackWhiteList'));
  });
});
