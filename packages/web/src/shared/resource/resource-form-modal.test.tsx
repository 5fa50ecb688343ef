import { parkingAreaEndpoints, parkingRecordEndpoints } from '@parking/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi } from '../../test/fake-api';
import { ResourceFormModal } from './resource-form-modal';
import { ResourceSearchForm } from './resource-search-form';
import { defineResource, type ResourceColumn } from './resource-types';

interface Area {
  id: string;
  name: string;
  checkInRange: number;
}

const areas = defineResource<Area>({
  resource: 'parkingAreaTest',
  name: '片区',
  endpoints: parkingAreaEndpoints,
  rowKey: 'id',
  actions: { create: true, update: true },
  columns: [
    { dataIndex: 'name', title: '片区名称', rules: [{ required: true, message: '请输入片区名称' }] },
    { dataIndex: 'checkInRange', title: '打卡范围', valueType: 'number' },
  ],
});

beforeAll(() => {
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

const openForm = (onClose = vi.fn()) => {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ResourceFormModal descriptor={areas} record={undefined} open onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
};

const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('<ResourceFormModal> refusals', { timeout: 30_000 }, () => {
  it('checks the contract before sending: a number out of range is refused under its field as typed, never changed, and nothing is sent', async () => {
    const calls = installFakeApi({});
    openForm();
    await userEvent.type(screen.getByLabelText('片区名称'), '北区');
    await userEvent.type(screen.getByLabelText('打卡范围'), '-5');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fieldOf('打卡范围').textContent).toContain('打卡范围最小为0米'));
    expect(screen.getByLabelText<HTMLInputElement>('打卡范围').value).toBe('-5');
    expect(calls).toEqual([]);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('shows a field the server refused under that field, in its Chinese message, with no 服务错误 notification', async () => {
    const calls = installFakeApi({
      [`POST ${parkingAreaEndpoints.create.path}`]: {
        status: 409,
        body: { code: 409, msg: '片区名称「北区」已存在', data: { fields: [{ in: 'body', field: 'name', message: '片区名称「北区」已存在' }] } },
      },
    });
    const onClose = openForm();
    await userEvent.type(screen.getByLabelText('片区名称'), '北区');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fieldOf('片区名称').textContent).toContain('片区名称「北区」已存在'));
    expect(calls).toHaveLength(1);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('片区名称').value).toBe('北区');
  });

  it('reports a refused field the form has no input for in its own words, not the request key', async () => {
    installFakeApi({
      [`POST ${parkingAreaEndpoints.create.path}`]: {
        status: 400,
        body: { code: 400, msg: '请求体 inspectorIds：巡检员最多50个', data: { fields: [{ in: 'body', field: 'inspectorIds', message: '巡检员最多50个' }] } },
      },
    });
    openForm();
    await userEvent.type(screen.getByLabelText('片区名称'), '北区');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const notice = await screen.findByText('巡检员最多50个');
    expect(notice.closest('.ant-notification-notice')?.textContent).toContain('操作失败');
    expect(document.body.textContent).not.toContain('inspectorIds');
  });

  it('closes at once on 取消 when nothing was typed', async () => {
    const untouched = openForm();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(untouched).toHaveBeenCalledTimes(1);
  });

  it('asks before 取消 or ✕ throws away what was typed: 继续编辑 keeps the form, 放弃修改 closes it', async () => {
    const onClose = openForm();
    await userEvent.type(screen.getByLabelText('片区名称'), '北区');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect((await screen.findAllByText('放弃未保存的修改？')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('片区名称').value).toBe('北区');
    // ✕ asks the same (Esc too: shown in the browser spec)
    await userEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('<ResourceSearchForm> refusals', { timeout: 30_000 }, () => {
  const columns: ResourceColumn<{ plateNumber: string; amountDue: number }, { amountMin?: string; amountMax?: string }>[] = [
    { dataIndex: 'plateNumber', title: '车牌号' },
    { dataIndex: 'amountDue', title: '最低应收', search: { param: 'amountMin' } },
    { dataIndex: 'amountDue', title: '最高应收', search: { param: 'amountMax' } },
  ];

  it('shows a reversed range beside its filter with the contract message and does not search', async () => {
    const onSearch = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ResourceSearchForm columns={columns} filters={{}} formName="records" querySchema={parkingRecordEndpoints.list.query} onSearch={onSearch} />
      </AppProviders>,
    );
    await userEvent.type(screen.getByLabelText('最低应收'), '500');
    await userEvent.type(screen.getByLabelText('最高应收'), '100');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect((screen.getByLabelText('最高应收').closest('.ant-form-item') as HTMLElement).textContent).toContain('最高应收金额不能小于最低应收金额'));
    expect(onSearch).not.toHaveBeenCalled();
    // corrected, it searches and the message goes
    await userEvent.clear(screen.getByLabelText('最高应收'));
    await userEvent.type(screen.getByLabelText('最高应收'), '900');
    await act(() => userEvent.click(screen.getByRole('button', { name: /查\s*询/ })));
    expect(onSearch).toHaveBeenCalledWith({ amountMin: '500', amountMax: '900' });
    expect(screen.queryByText('最高应收金额不能小于最低应收金额')).toBeNull();
  });

  it('judges filters typed into the address as a search would', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ResourceSearchForm columns={columns} filters={{ amountMin: '500', amountMax: '100' }} formName="records" querySchema={parkingRecordEndpoints.list.query} onSearch={vi.fn()} />
      </AppProviders>,
    );
    expect(screen.getByText('最高应收金额不能小于最低应收金额')).toBeTruthy();
  });
});
