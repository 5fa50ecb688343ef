import type { PlateListEntry } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { BlackWhiteListPage } from './black-white-list-page';

const path = '/customer/blackWhiteList';
const lotId = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const entry = (overrides: Partial<PlateListEntry> = {}): PlateListEntry => ({
  id: 'e-1',
  type: 'black',
  plateNumber: '粤B12345',
  plateColour: 0,
  lotIds: null,
  lotNames: [],
  validFrom: null,
  validTo: null,
  reason: '多次冲卡',
  state: 'active',
  createdBy: 'u-1',
  createdByName: '系统管理员',
  createdAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-01T01:00:00.000Z',
  removedAt: null,
  removedBy: null,
  removedByName: null,
  removalReason: null,
  ...overrides,
});
const entries = [
  entry(),
  entry({
    id: 'e-2',
    type: 'white',
    plateNumber: '粤BD88888',
    plateColour: 3,
    lotIds: [lotId],
    lotNames: ['万象天地停车场'],
    validFrom: '2026-03-01T00:00:00.000Z',
    validTo: '2026-04-01T00:00:00.000Z',
    reason: '物业车辆',
  }),
  entry({ id: 'e-3', plateNumber: '粤B00003', state: 'removed', removedAt: '2026-03-02T01:00:00.000Z', removedByName: '系统管理员', removalReason: '已缴清欠费' }),
];
const clash = '同一车辆不能同时在黑名单和白名单中，与黑名单「粤B12345」（蓝色，全部车场，长期）的适用车场和有效期重叠';
const fakeServer = (replies: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}, list = entries) =>
  installFakeApi({
    'GET /api/system/BlackWhiteList': () => ok({ list, pagination: { currentPage: 1, pageSize: 10, total: list.length } }),
    'GET /api/system/Parking/list': ok({ list: [{ id: lotId, name: '万象天地停车场', kind: 'lane' }], pagination: { currentPage: 1, pageSize: 1000, total: 1 } }),
    'POST /api/system/BlackWhiteList': saved('新增成功', entry({ id: 'e-9' })),
    'PUT /api/system/BlackWhiteList/e-2': saved('修改成功', entries[1]),
    'POST /api/system/BlackWhiteList/e-1/Actions/Remove': saved('移除成功', entry({ state: 'removed' })),
    ...replies,
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const openCreate = async () => {
  await user.click(screen.getByRole('button', { name: /新\s*增/ }));
  return screen.findByRole('dialog');
};

beforeAll(quietComputedStyle);

describe('黑白名单 page', { timeout: 60_000 }, () => {
  it('lists each entry with its type, scope, validity and state; a removed one shows why and has no 编辑 or 移除', async () => {
    fakeServer();
    renderAt(path, path, <BlackWhiteListPage />);
    const black = await rowOf('粤B12345');
    for (const text of ['黑名单', '全部车场', '长期', '多次冲卡', '生效中']) expect(within(black).getByText(text)).toBeTruthy();
    expect(within(black).getByRole('button', { name: '移除' })).toBeTruthy();
    const white = await rowOf('粤BD88888');
    for (const text of ['白名单', '万象天地停车场', '2026-03-01 08:00 至 2026-04-01 08:00', '绿色']) expect(within(white).getByText(text)).toBeTruthy();
    const removed = await rowOf('粤B00003');
    expect(within(removed).getByText('已移除')).toBeTruthy();
    expect(within(removed).getByText('已缴清欠费')).toBeTruthy();
    expect(within(removed).queryByRole('button', { name: '移除' })).toBeNull();
    expect(within(removed).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('says so when the list is empty', async () => {
    fakeServer({}, []);
    renderAt(path, path, <BlackWhiteListPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(0);
  });

  it('新增 needs a reason, then sends every lot and 长期 as none, the plate upper-cased', async () => {
    const calls = fakeServer();
    renderAt(path, path, <BlackWhiteListPage />);
    await rowOf('粤B12345');
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '粤b54321' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/BlackWhiteList')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '套牌嫌疑' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/BlackWhiteList')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/BlackWhiteList')[0])).toEqual({
      type: 'black',
      plateNumber: '粤B54321',
      plateColour: 0,
      lotIds: null,
      validFrom: null,
      validTo: null,
      reason: '套牌嫌疑',
    });
  });

  it('shows the server refusing an entry that meets another', async () => {
    fakeServer({ 'POST /api/system/BlackWhiteList': { status: 409, body: { code: 409, msg: clash, data: { fields: [{ in: 'body', field: 'plateNumber', message: clash }] } } } });
    renderAt(path, path, <BlackWhiteListPage />);
    await rowOf('粤B12345');
    const dialog = await openCreate();
    await user.click(within(dialog).getByLabelText('白名单'));
    fireEvent.change(within(dialog).getByLabelText('车牌号'), { target: { value: '粤B12345' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '员工车' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    expect((await within(dialog).findAllByText(clash)).length).toBeGreaterThan(0);
  });

  it('编辑 opens with the chosen lots and range and sends them back', async () => {
    const calls = fakeServer();
    renderAt(path, path, <BlackWhiteListPage />);
    await user.click(within(await rowOf('粤BD88888')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('指定车场')).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('指定时段')).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '物业车辆（续期）' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/system/BlackWhiteList/e-2')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'PUT', '/api/system/BlackWhiteList/e-2')[0])).toEqual({
      type: 'white',
      plateNumber: '粤BD88888',
      plateColour: 3,
      lotIds: [lotId],
      validFrom: '2026-03-01T00:00:00.000Z',
      validTo: '2026-04-01T00:00:00.000Z',
      reason: '物业车辆（续期）',
    });
  });

  it('移除 asks for a removal reason in its confirmation before anything is sent', async () => {
    const calls = fakeServer();
    renderAt(path, path, <BlackWhiteListPage />);
    await user.click(within(await rowOf('粤B12345')).getByRole('button', { name: '移除' }));
    const dialog = (await screen.findByText('确定将车牌「粤B12345」移出黑名单吗？')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /移\s*除/ }));
    expect(await within(dialog).findByText('请填写移除原因')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/BlackWhiteList/e-1/Actions/Remove')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('移除原因'), { target: { value: '已缴清欠费' } });
    await user.click(within(dialog).getByRole('button', { name: /移\s*除/ }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/system/BlackWhiteList/e-1/Actions/Remove')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'POST', '/api/system/BlackWhiteList/e-1/Actions/Remove')[0])).toEqual({ reason: '已缴清欠费' });
    expect(await screen.findByText('移除成功')).toBeTruthy();
  });
});
