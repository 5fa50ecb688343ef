import type { RegionNode } from '@parking/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok, type RecordedCall } from '../../test/fake-api';
import { present } from '../../test/present';
import { RegionCascader } from './region-cascader';
import { useAddressRegion } from './use-address-region';

const tree: Record<string, RegionNode[]> = {
  '': [
    { value: '110000', label: '北京市', isLeaf: false },
    { value: '440000', label: '广东省', isLeaf: false },
  ],
  '440000': [
    { value: '440300', label: '深圳市', isLeaf: false },
    { value: '441900', label: '东莞市', isLeaf: true },
  ],
  '440300': [
    { value: '440304', label: '福田区', isLeaf: true },
    { value: '440305', label: '南山区', isLeaf: true },
  ],
};

const parentOf = (call: RecordedCall) => (call.params as { parentCode?: string }).parentCode ?? '';
const fakeRegions = () =>
  installFakeApi({
    'GET /api/system/Base/Area/tree': (call) => ok(tree[parentOf(call)] ?? []),
    'GET /api/system/Base/Area/getCodeByAddress': (call) =>
      (call.params as { address: string }).address.startsWith('深圳')
        ? ok({ provinceCode: '440000', provinceName: '广东省', cityCode: '440300', cityName: '深圳市', districtCode: '440305', districtName: '南山区' })
        : { status: 404, body: { code: 404, msg: '未能从地址中识别出省市区', data: null } },
  });

const withClient = (children: ReactNode) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
const shown = () => document.querySelector('.region-cascader')?.textContent ?? '';
const treeCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.endsWith('/tree')).map(parentOf);

describe('RegionCascader', () => {
  it('shows the names of a saved value, loading only the levels along it', async () => {
    const calls = fakeRegions();
    render(withClient(<RegionCascader value={['440000', '440300', '440305']} />));
    await waitFor(() => expect(shown()).toContain('广东省 / 深圳市 / 南山区'));
    expect(treeCalls(calls).sort()).toEqual(['', '440000', '440300']);
  });

  it('loads a level when the user opens it and answers codes and names', async () => {
    const calls = fakeRegions();
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(withClient(<RegionCascader onChange={onChange} />));
    await waitFor(() => expect(treeCalls(calls)).toEqual(['']));
    await user.click(await present('.region-cascader'));
    await user.click(await screen.findByText('广东省'));
    await user.click(await screen.findByText('深圳市'));
    await user.click(await screen.findByText('南山区'));
    expect(onChange).toHaveBeenLastCalledWith(['440000', '440300', '440305'], ['广东省', '深圳市', '南山区']);
    expect(treeCalls(calls)).toEqual(['', '440000', '440300']);
  });
});

/** What a lot or area form does: an address field, a button that fills the cascader from it. */
function AddressForm() {
  const [form] = Form.useForm<{ address: string; region: string[] }>();
  const { regionOfAddress, resolving } = useAddressRegion();
  const fill = async () => {
    try {
      form.setFieldValue('region', await regionOfAddress(form.getFieldValue('address') ?? ''));
    } catch {
      // the HTTP layer has shown the server's msg; the cascader keeps what it had
    }
  };
  return (
    <Form form={form}>
      <Form.Item name="address" label="地址">
        <Input />
      </Form.Item>
      <Button onClick={fill} loading={resolving}>
        识别省市区
      </Button>
      <Form.Item name="region" label="省市区">
        <RegionCascader />
      </Form.Item>
    </Form>
  );
}

describe('filling the cascader from an address', () => {
  it('sets province, city and district that the address names', async () => {
    const calls = fakeRegions();
    const user = userEvent.setup();
    render(withClient(<AddressForm />));
    await user.type(screen.getByLabelText('地址'), '深圳南山区科技园');
    await user.click(screen.getByRole('button', { name: '识别省市区' }));
    await waitFor(() => expect(shown()).toContain('广东省 / 深圳市 / 南山区'));
    expect(calls.find((c) => c.url.endsWith('getCodeByAddress'))?.params).toEqual({ address: '深圳南山区科技园' });
  });

  it('leaves the cascader as it was when the address names nothing', async () => {
    const calls = fakeRegions();
    const user = userEvent.setup();
    render(withClient(<AddressForm />));
    await user.type(screen.getByLabelText('地址'), '科技园南区');
    await user.click(screen.getByRole('button', { name: '识别省市区' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('getCodeByAddress'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: '识别省市区' }).className).not.toContain('ant-btn-loading'));
    expect(shown()).not.toContain('广东省');
  });
});
