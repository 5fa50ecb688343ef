import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { owner, vehicle } from '../customers-fixtures';
import { VehiclePage } from './vehicle-page';

const fullUp = '每位车主最多绑定5辆车，请先解绑其他车辆';
const refusal = (field: string, message: string): FakeReply => ({ status: 409, body: { code: 409, msg: message, data: { fields: [{ in: 'body', field, message }] } } });
const vehicles = [vehicle(), vehicle({ id: 'v-2', plateNumber: '粤B99999', plateColour: 3, customerPhone: '13900001111', state: 'unbound', unboundAt: '2026-03-03T02:00:00.000Z' })];
const fakeServer = (bind: FakeReply) =>
  installFakeApi({
    'GET /api/system/CustomerVehicle': () => ok({ list: vehicles, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/CustomerVehicle/Actions/Owners': () => ok([owner()]),
    'POST /api/system/CustomerVehicle': bind,
    'POST /api/system/CustomerVehicle/v-1/Actions/Unbind': saved('解绑成功', vehicle({ state: 'unbound' })),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(quietComputedStyle);

const openBindDialog = async () => {
  await user.click(screen.getByRole('button', { name: /绑定车辆/ }));
  return (await screen.findByText('绑定车辆', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
};

const fillBind = async (dialog: HTMLElement) => {
  const picker = within(dialog).getByLabelText('车主');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: '1381' } });
  await user.click(await screen.findByText('13812345678（张三）'));
  fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: ' 粤b54321 ' } });
  await user.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
};

describe('车辆 page', { timeout: 60_000 }, () => {
  it('lists vehicles with the plate, the owner phone masked and the binding state', async () => {
    fakeServer(saved('绑定成功'));
    renderAt('/customer/carList', '/customer/carList', <VehiclePage />);
    const row = await rowOf('粤B12345');
    expect(within(row).getByText('138****5678')).toBeTruthy();
    expect(within(row).getByText('未认证')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '解绑' })).toBeTruthy();
    const unbound = await rowOf('粤B99999');
    expect(within(unbound).getByText('已解绑')).toBeTruthy();
    expect(within(unbound).getByText('绿色')).toBeTruthy();
    expect(within(unbound).queryByRole('button', { name: '解绑' })).toBeNull();
  });

  it('绑定车辆 finds the owner by phone and sends the owner, the plate upper-cased and the colour', async () => {
    const calls = fakeServer(saved('绑定成功', vehicle({ id: 'v-3', plateNumber: '粤B54321' })));
    renderAt('/customer/carList', '/customer/carList', <VehiclePage />);
    await rowOf('粤B12345');
    await fillBind(await openBindDialog());
    await waitFor(() => expect(bodyOf(callsTo(calls, 'POST', '/api/system/CustomerVehicle')[0])).toEqual({ customerId: owner().id, plateNumber: '粤B54321', plateColour: 0 }));
    // 车辆's own lookup, so a holder of 车辆 without 车主 finds owners too
    expect(callsTo(calls, 'GET', '/api/system/CustomerVehicle/Actions/Owners').some((c) => (c.params as { phone?: string }).phone === '1381')).toBe(true);
    expect(callsTo(calls, 'GET', '/api/system/Customer')).toHaveLength(0);
  });

  it('shows the server refusing a sixth vehicle under the owner', async () => {
    fakeServer(refusal('customerId', fullUp));
    renderAt('/customer/carList', '/customer/carList', <VehiclePage />);
    await rowOf('粤B12345');
    const dialog = await openBindDialog();
    await fillBind(dialog);
    expect(await within(dialog).findByText(fullUp)).toBeTruthy();
  });

  it('says so when no owner has the phone typed', async () => {
    installFakeApi({
      'GET /api/system/CustomerVehicle': () => ok({ list: vehicles, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
      'GET /api/system/CustomerVehicle/Actions/Owners': () => ok([]),
    });
    renderAt('/customer/carList', '/customer/carList', <VehiclePage />);
    await rowOf('粤B12345');
    const dialog = await openBindDialog();
    fireEvent.mouseDown(within(dialog).getByLabelText('车主'));
    expect(await screen.findByText('没有该手机号的车主')).toBeTruthy();
  });

  it('解绑 asks first, then unbinds', async () => {
    const calls = fakeServer(saved('绑定成功'));
    renderAt('/customer/carList', '/customer/carList', <VehiclePage />);
    await user.click(within(await rowOf('粤B12345')).getByRole('button', { name: '解绑' }));
    expect((await screen.findAllByText('确定解绑车辆「粤B12345」吗？')).length).toBeGreaterThan(0);
    expect(callsTo(calls, 'POST', '/api/system/CustomerVehicle/v-1/Actions/Unbind')).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '解绑' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/CustomerVehicle/v-1/Actions/Unbind')).toHaveLength(1));
  });
});
