import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { group } from '../marketing-fixtures';
import { GroupPage } from './group-page';

const groups = [group(), group({ id: 'g-2', name: '华为集团', phone: '13900001111', cardCount: 0, enabled: false })];
const fakeServer = () =>
  installFakeApi({
    'GET /api/system/Group': () => ok({ list: groups, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'POST /api/system/Group': saved('新增成功', group({ id: 'g-3' })),
    'DELETE /api/system/Group/g-2': saved('删除成功'),
  });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(quietComputedStyle);

describe('集团 page', { timeout: 60_000 }, () => {
  it('lists groups with the phone masked, their card counts and status', async () => {
    fakeServer();
    renderAt('/ParkingOperations/group', '/ParkingOperations/group', <GroupPage />);
    const row = await rowOf('腾讯集团');
    expect(within(row).getByText('138****5678')).toBeTruthy();
    expect(within(row).queryByText('13812345678')).toBeNull();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(await rowOf('华为集团')).getByText('停用')).toBeTruthy();
  });

  it('will not delete a group with cards, and deletes an empty one only after confirming', async () => {
    const calls = fakeServer();
    renderAt('/ParkingOperations/group', '/ParkingOperations/group', <GroupPage />);
    const refused = within(await rowOf('腾讯集团')).getByRole('button', { name: '删除' });
    expect(refused.hasAttribute('disabled')).toBe(true);
    // a disabled button gets no hover: the span around it shows why
    fireEvent.mouseEnter(refused.closest('.refusal-hint')!);
    expect(await screen.findByText('该集团还有2张集团卡，请先删除集团卡')).toBeTruthy();
    await user.click(within(await rowOf('华为集团')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除集团「华为集团」吗？')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/system/Group/g-2')).toHaveLength(0);
    await user.click(within(document.querySelector('.ant-popover') as HTMLElement).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/system/Group/g-2')).toHaveLength(1));
  });

  it('新增 checks the phone as the server does, then sends the trimmed group', async () => {
    const calls = fakeServer();
    renderAt('/ParkingOperations/group', '/ParkingOperations/group', <GroupPage />);
    await rowOf('腾讯集团');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新增集团')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.change(within(dialog).getByLabelText('集团名称'), { target: { value: ' 比亚迪集团 ' } });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '赵' } });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '123' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的电话号码')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/system/Group')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13700000000' } });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodyOf(callsTo(calls, 'POST', '/api/system/Group')[0])).toEqual({ name: '比亚迪集团', contact: '赵', phone: '13700000000', remark: '', enabled: true }));
  });
});
