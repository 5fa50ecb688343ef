import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { failure, quietComputedStyle, saved } from '../../modules/system/pages/system-page-test-kit';
import { OwnerSignInPage } from './owner-sign-in-page';
import { PhoneChangeRequestPage } from './phone-change-request-page';

/** a 1×1 PNG */
const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/owner/login', element: <OwnerSignInPage /> },
      { path: '/owner/phone-request', element: <PhoneChangeRequestPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
};
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choosePhoto = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [file] } });

beforeAll(() => quietComputedStyle());

describe('申请人工变更 on the phone', () => {
  it('is reached from 车主登录 by one whose old number no longer works', async () => {
    const { router } = show('/owner/login', {});
    fireEvent.click(await screen.findByRole('link', { name: '申请人工变更' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/phone-request'));
    expect(await screen.findByText('原手机号已停用，申请更换为新手机号')).toBeTruthy();
  });

  it('sends a code to the new number for both numbers, checks every field before filing, and files with the photo as multipart', { timeout: 60_000 }, async () => {
    const { calls } = show('/owner/phone-request', {
      'POST /api/open/owner/phone-change/code': ok({ sentTo: '139****4321', expiresIn: 300, resendIn: 60, demoHint: null, demoCode: '654321' }),
      'POST /api/open/owner/phone-change': saved('申请已提交，请等待人工审核', { id: 'p-1', newPhone: '13987654321', createdAt: '2026-03-10T02:00:00.000Z' }),
    });
    await screen.findByLabelText('原手机号');
    press('获取验证码');
    expect(await screen.findByText('原手机号：请输入正确的电话号码')).toBeTruthy();
    type('原手机号', '13812345678');
    type('新手机号', '13812345678');
    press('获取验证码');
    expect(await screen.findByText('新手机号不能与原手机号相同')).toBeTruthy();
    type('新手机号', '13987654321');
    press('获取验证码');
    expect(await screen.findByTestId('owner-demo-code')).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/open/owner/phone-change/code')!.data))).toEqual({ oldPhone: '13812345678', newPhone: '13987654321' });
    expect(screen.getByRole('button', { name: /秒后重新获取/ })).toBeTruthy();

    type('新手机号验证码', '654321');
    press('提交申请');
    expect(await screen.findByText('请填写最近一次停车的订单号')).toBeTruthy();
    type('订单号', ' P20260309001 ');
    press('提交申请');
    expect(await screen.findByText('请上传行驶证照片')).toBeTruthy();
    choosePhoto(new File(['%PDF'], '行驶证.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('行驶证照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/open/owner/phone-change')).toBe(false);
    choosePhoto(new File([png], '行驶证.png', { type: 'image/png' }));
    expect(await screen.findByText('已选择：行驶证.png（点击更换）')).toBeTruthy();
    press('提交申请');
    expect(await screen.findByText('申请已提交，请等待人工审核')).toBeTruthy();
    const filed = calls.find((c) => c.url === '/api/open/owner/phone-change')!;
    expect(filed.params).toEqual({ oldPhone: '13812345678', newPhone: '13987654321', code: '654321', orderNo: 'P20260309001' });
    expect((filed.data as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('link', { name: '返回车主登录' })).toBeTruthy();
  });

  it('shows the server’s refusal on the page', async () => {
    show('/owner/phone-request', { 'POST /api/open/owner/phone-change/code': failure(404, '原手机号未注册为车主，请直接用新手机号登录') });
    type('原手机号', '13812345678');
    type('新手机号', '13987654321');
    press('获取验证码');
    expect(await screen.findByText('原手机号未注册为车主，请直接用新手机号登录')).toBeTruthy();
  });
});
