import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { owner, vehicle } from '../customers-fixtures';
import { CustomerPage } from './customer-page';

const stopped = owner({ id: 'c-2', phone: '13900001111', nickname: '李四', source: 'console', enabled: false, vehicleCount: 0 });
const owners = [owner(), stopped];
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/Customer': () => ok({ list: owners, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    [`GET /api/system/Customer/${owner().id}`]: () =>
      ok({ ...owner(), vehicles: [vehicle(), vehicle({ id: 'v-2', plateNumber: '粤B99999', state: 'unbound', unboundAt: '2026-03-03T02:00:00.000Z' })] }),
    [`PUT /api/system/Customer/${owner().id}/Actions/State`]: saved('操作成功', owner({ enabled: false })),
    [`GET /api/system/Customer/${owner().id}/Payments`]: () =>
      ok({
        list: [
          {
            id: 'p-1',
            recordId: 'r-1',
            paidAt: '2026-03-09T03:31:00.000Z',
            lotName: '东门停车场',
            plateNumber: '粤B12345',
            plateColour: 0,
            channel: 'alipay',
            amount: 1250,
            refunded: 0,
            stage: 'exit',
          },
        ],
        pagination: { currentPage: 1, pageSize: 10, total: 1 },
      }),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(quietComputedStyle);

describe('车主 page', { timeout: 60_000 }, () => {
  it('lists owners with the phone masked, their source, vehicle count and state', async () => {
    fakeServer();
    renderAt('/customer/customerList', '/customer/customerList', <CustomerPage />);
    const row = await rowOf('138****5678');
    expect(screen.queryByText('13812345678')).toBeNull();
    expect(within(row).getByText('张三')).toBeTruthy();
    expect(within(row).getByText('小程序')).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    const other = await rowOf('139****1111');
    expect(within(other).getByText('后台')).toBeTruthy();
    expect(within(other).getAllByText('停用').length).toBeGreaterThan(0);
  });

  it('停用 asks first, naming the owner by the masked phone, then sets the state', async () => {
    const calls = fakeServer();
    renderAt('/customer/customerList', '/customer/customerList', <CustomerPage />);
    await user.click(within(await rowOf('138****5678')).getByRole('button', { name: '停用' }));
    expect((await screen.findAllByText('确定停用车主「138****5678」吗？')).length).toBeGreaterThan(0);
    const url = `/api/system/Customer/${owner().id}/Actions/State`;
    expect(callsTo(calls, 'PUT', url)).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('已停用')).toBeTruthy();
    await waitFor(() => expect(bodyOf(callsTo(calls, 'PUT', url)[0])).toEqual({ enabled: false }));
  });

  it('详情 shows the owner, every vehicle with its state, and their payments', async () => {
    fakeServer();
    renderAt('/customer/customerList', '/customer/customerList', <CustomerPage />);
    await user.click(within(await rowOf('138****5678')).getByRole('button', { name: '详情' }));
    const drawer = (await screen.findByText('车主详情')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByText('粤B12345')).toBeTruthy();
    expect(within(drawer).getByText('未认证')).toBeTruthy();
    expect(within(drawer).getByText('粤B99999')).toBeTruthy();
    expect(within(drawer).getByText('已解绑')).toBeTruthy();
    expect(within(drawer).getByText('支付记录')).toBeTruthy();
    const paid = (await within(drawer).findByText('东门停车场')).closest('tr')!;
    expect(within(paid).getByText('2026-03-09 11:31:00')).toBeTruthy();
    expect(within(paid).getByText('支付宝')).toBeTruthy();
    expect(within(paid).getByText('出场缴费')).toBeTruthy();
  });
});
