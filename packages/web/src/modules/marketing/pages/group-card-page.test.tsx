import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { groupCard } from '../marketing-fixtures';
import { GroupCardPage } from './group-card-page';

const cards = [
  groupCard(),
  groupCard({
    id: 'c-2',
    cardNo: 'JT-0002',
    benefit: 'free',
    discountPercent: null,
    plates: ['京A10001'],
    lotNames: ['万象天地停车场'],
    monthlyQuota: null,
    remainingQuota: null,
    allowBind: false,
    state: 'expired',
  }),
  groupCard({ id: 'c-3', cardNo: 'JT-0003', benefit: 'amount', discountPercent: null, amountOff: 500, plates: ['京A10002'] }),
];
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/GroupCard': () => ok({ list: cards, pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    'GET /api/system/Group/Selector': ok([{ id: 'g-1', name: '腾讯集团', enabled: true }]),
    'GET /api/system/Parking/selector': ok([{ id: 'l-1', name: '万象天地停车场', kind: 'lane' }]),
    'GET /api/system/GroupCard/c-1/QRCode': { status: 200, body: 'png' },
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(quietComputedStyle);

describe('集团卡 page', { timeout: 60_000 }, () => {
  it('shows each card’s benefit, plates, lots, this month’s uses and states', async () => {
    fakeServer();
    renderAt('/ParkingOperations/groupCard', '/ParkingOperations/groupCard', <GroupCardPage />);
    const first = within(await rowOf('JT-0001'));
    expect(first.getByText('8.5折')).toBeTruthy();
    expect(first.getByText('粤B12345')).toBeTruthy();
    expect(first.getByText('粤B67890')).toBeTruthy();
    expect(first.getByText('万象天地停车场、科技园路侧')).toBeTruthy();
    expect(first.getByText('19 / 20')).toBeTruthy();
    expect(first.getByText('允许（≤3）')).toBeTruthy();
    const second = within(await rowOf('JT-0002'));
    expect(second.getByText('免费停车')).toBeTruthy();
    expect(second.getByText('不限')).toBeTruthy();
    expect(second.getByText('已过期')).toBeTruthy();
    expect(within(await rowOf('JT-0003')).getByText('每次减免5.00元')).toBeTruthy();
  });

  it('二维码 asks the server for the card’s PNG', async () => {
    const calls = fakeServer();
    renderAt('/ParkingOperations/groupCard', '/ParkingOperations/groupCard', <GroupCardPage />);
    await user.click(within(await rowOf('JT-0001')).getByRole('button', { name: '二维码' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/system/GroupCard/c-1/QRCode')).toHaveLength(1));
  });

  it('新增 says what is missing, asks for the figure of the benefit picked, and checks each plate', async () => {
    const calls = fakeServer();
    renderAt('/ParkingOperations/groupCard', '/ParkingOperations/groupCard', <GroupCardPage />);
    await rowOf('JT-0001');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增集团卡')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).queryByLabelText('折扣（%）')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '折扣' }));
    expect(await within(dialog).findByLabelText('折扣（%）')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['请选择集团', '请输入卡号', '请输入折扣（1-99）', '至少绑定一个车牌', '请选择适用停车场', '请选择有效期']));
    const plates = within(dialog).getByLabelText('车牌');
    fireEvent.change(plates, { target: { value: '粤B1' } });
    fireEvent.keyDown(plates, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(errors()).toContain('粤B1：请输入正确的车牌号，如 粤B12345'));
    expect(callsTo(calls, 'POST', '/api/system/GroupCard')).toHaveLength(0);
  });
});
