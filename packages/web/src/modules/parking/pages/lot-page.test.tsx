import { defaultLotEventRules, type ParkingLot } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { useSessionStore } from '../../../shared/session/session-store';
import { LotPage } from './lot-page';

const lot = (overrides: Partial<ParkingLot>): ParkingLot => ({
  id: 'l-1',
  tenantId: 't-1',
  areaId: null,
  areaName: '',
  name: '万象天地停车场',
  type: 1,
  kind: 'lane',
  address: '',
  provinceCode: '',
  cityCode: '',
  districtCode: '',
  lng: null,
  lat: null,
  totalSpaces: 800,
  longRentalSpaces: 0,
  reservedSpaces: 0,
  chargingSpaces: 0,
  freeCount: 512,
  selfOperated: true,
  prepay: false,
  managerIds: [],
  managers: [],
  enabled: true,
  longRentalSpaceLeave: false,
  tariffId: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

const lots = [lot({ tariffId: 'tf-1' }), lot({ id: 'l-2', name: '科技园路侧', type: 0, kind: 'space', totalSpaces: 50, freeCount: 40, enabled: false })];

function fakeServer() {
  return installFakeApi({
    'GET /api/system/Parking': () => ok({ list: lots, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/Parking/sum': ok({
      lots: 2,
      spaces: 850,
      free: 552,
      occupied: 298,
      byKind: [
        { kind: 'lane', lots: 1, spaces: 800, free: 512, occupied: 288 },
        { kind: 'space', lots: 1, spaces: 50, free: 40, occupied: 10 },
      ],
    }),
    'GET /api/system/Tariff': ok({
      list: [
        {
          id: 'tf-1',
          name: '北京一类地区占道停车',
          description: '',
          enabled: true,
          currentVersion: { id: 'v-2', versionNo: 2, effectiveFrom: '2026-01-01T00:00:00.000Z', effectiveTo: null },
          vehicleClasses: [],
          lotCount: 1,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      pagination: { currentPage: 1, pageSize: 1000, total: 1 },
    }),
    'GET /api/system/ParkingArea': ok({ list: [], pagination: { currentPage: 1, pageSize: 1000, total: 0 } }),
    'GET /api/dictDetail': ok({
      list: [
        { id: 'd0', dictName: 'parking_type', label: '路侧', value: '0', sort: 0 },
        { id: 'd1', dictName: 'parking_type', label: '商业', value: '1', sort: 1 },
      ],
      pagination: { currentPage: 1, pageSize: 9999, total: 2 },
    }),
    'GET /api/system/Parking/bindIf/l-1': ok({ lanes: 1, spaces: 2, longRentals: 0, devices: 0, groupCards: 0, openRecords: 0, records: 0, deletable: false }),
    'GET /api/system/Parking/bindIf/l-2': ok({ lanes: 0, spaces: 0, longRentals: 0, devices: 0, groupCards: 0, openRecords: 0, records: 0, deletable: true }),
    'DELETE /api/system/Parking/l-2': saved('删除成功'),
    'PUT /api/system/Parking/freecnt/l-1': saved('修改成功'),
    'GET /api/system/Parking/l-1/EventRules': ok(defaultLotEventRules),
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(quietComputedStyle);

describe('停车场 page', { timeout: 120_000 }, () => {
  it('shows the sum under the URL filters, free/total, dictionary types and enabled badges', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/parkingList?kind=lane', '/parkingAdmin/parkingList', <LotPage />);
    const row = await rowOf('万象天地停车场');
    expect(within(row).getByText('512').closest('.lot-free')?.textContent).toBe('512 / 800');
    await waitFor(() => expect(within(row).getByText('商业')).toBeTruthy());
    expect(within(row).getByText('车道型')).toBeTruthy();
    // the list carries only tariffId; the name comes from the tariff picker's list
    await waitFor(() => expect(within(row).getByText('北京一类地区占道停车')).toBeTruthy());
    expect(within(await rowOf('科技园路侧')).getByText('停用')).toBeTruthy();
    const summary = await screen.findByLabelText('车位汇总');
    expect(within(summary).getByText('850')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/system/Parking/sum')[0]?.params).toEqual({ kind: 'lane' });
  });

  it("空位查询页 opens the drivers' public page of the signed-in operator's lots in a new tab", async () => {
    useSessionStore.setState({ user: { ...(useSessionStore.getState().user ?? {}), tenantCode: 'mw' } as never });
    try {
      fakeServer();
      renderAt('/parkingAdmin/parkingList', '/parkingAdmin/parkingList', <LotPage />);
      const link = (await screen.findByText('空位查询页')).closest('a')!;
      expect(link.getAttribute('href')).toBe('#/activity?tenant=mw');
      expect(link.getAttribute('target')).toBe('_blank');
    } finally {
      useSessionStore.setState({ user: null });
    }
  });

  it('删除 asks what is bound first: a bound lot is refused with what holds it, a free one is deleted', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/parkingList', '/parkingAdmin/parkingList', <LotPage />);
    await user.click(within(await rowOf('万象天地停车场')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('停车场「万象天地停车场」下还有1条车道、2个泊位，请先删除后再删除停车场。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(callsTo(calls, 'DELETE', '/api/system/Parking/l-1')).toHaveLength(0);

    await user.click(within(await rowOf('科技园路侧')).getByRole('button', { name: '删除' }));
    const question = (await screen.findByText(/停车场「科技园路侧」没有绑定/)).closest<HTMLElement>('.ant-modal-confirm')!;
    await user.click(within(question).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/system/Parking/l-2')).toHaveLength(1));
  });

  it('修正空位 refuses more than the total and sends the corrected count after confirming', async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/parkingList', '/parkingAdmin/parkingList', <LotPage />);
    await user.click(within(await rowOf('万象天地停车场')).getByRole('button', { name: '修正空位' }));
    const field = await screen.findByLabelText('空闲车位数');
    await user.clear(field);
    await user.paste('801');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('空闲车位数应在0到800之间')).toBeTruthy();
    await user.clear(field);
    await user.paste('500');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('停车场「万象天地停车场」的空闲车位数将从 512 改为 500。');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodyOf(callsTo(calls, 'PUT', '/api/system/Parking/freecnt/l-1')[0])).toEqual({ freeCount: 500 }));
  });

  it("事件规则 opens the lot's rules from its row", async () => {
    const calls = fakeServer();
    renderAt('/parkingAdmin/parkingList', '/parkingAdmin/parkingList', <LotPage />);
    await user.click(within(await rowOf('万象天地停车场')).getByRole('button', { name: '事件规则' }));
    expect(await screen.findByText('事件规则 - 万象天地停车场')).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: '收首时段费' })).checked).toBe(true);
    expect(callsTo(calls, 'GET', '/api/system/Parking/l-1/EventRules')).toHaveLength(1);
  });
});
