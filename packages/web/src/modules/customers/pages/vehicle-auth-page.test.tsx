import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, bodyRows, failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { vehicle } from '../customers-fixtures';
import { claimRequest, rejectedRequest, vehicleAuthRequest } from '../vehicle-auth-fixtures';
import { VehicleAuthPage } from './vehicle-auth-page';

const pending = vehicleAuthRequest();
const claim = claimRequest();
const rejected = rejectedRequest();
const requests = [pending, claim, rejected];
const page = '/customer/CarAuthenticationAudit';
/** a 1×1 PNG, as the photo route answers */
const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

let calls: RecordedCall[];
const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(() => {
  quietComputedStyle();
  // jsdom has no object URLs: the photo is shown from one
  if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });
});
beforeEach(() => {
  calls = installFakeApi({
    'GET /api/system/CarAuthentication': ok({ list: requests, pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    'GET /api/system/CarAuthentication/a-1': ok(pending),
    'GET /api/system/CarAuthentication/a-2': ok(claim),
    'GET /api/system/CarAuthentication/a-0': ok(rejected),
    'GET /api/system/CarAuthentication/a-gone': failure(404, '认证申请不存在'),
    'GET /api/system/CarAuthentication/a-1/Photo': { status: 200, body: new Blob([png], { type: 'image/png' }) },
    'GET /api/system/CarAuthentication/a-2/Photo': { status: 200, body: new Blob([png], { type: 'image/png' }) },
    'POST /api/system/CarAuthentication/a-1/Actions/Approve': saved('审核通过', { ...pending, status: 'approved' }),
    'POST /api/system/CarAuthentication/a-1/Actions/Reject': saved('已驳回', { ...pending, status: 'rejected' }),
    'GET /api/system/CarAuthentication/Actions/Vehicles': ok([vehicle()]),
    'POST /api/system/CarAuthentication': saved('提交成功', pending),
    'POST /api/system/CarAuthentication/Actions/BatchApprove': failure(409, '所选申请中车辆「粤B00001」的申请已审核，本次未通过任何申请，请刷新后重新选择'),
  });
});

describe('车辆认证审核', () => {
  it('lists requests with the owner phone masked, the kind, the holder of a claimed plate and the state', { timeout: 60_000 }, async () => {
    renderAt(page, page, <VehicleAuthPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second, third] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByText('138****5678')).toBeTruthy();
    expect(first!.getByText('待审核')).toBeTruthy();
    expect(first!.getByText('车主提交')).toBeTruthy();
    expect(second!.getByText('过户申诉')).toBeTruthy();
    expect(second!.getByText('137****2222')).toBeTruthy();
    expect(second!.getByText('后台录入（管理员）')).toBeTruthy();
    expect(third!.getByText('已驳回')).toBeTruthy();
    // decided: nothing left to decide
    expect(third!.queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(screen.queryByText('13812345678')).toBeNull();
  });

  it('?id= from a message opens that request with the 行驶证 photo, the owner and for a claim the current holder', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=a-2`, page, <VehicleAuthPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('过户申诉申请 · 粤B67890')).toBeTruthy();
    expect(within(drawer).getByText('139****1111（李四）')).toBeTruthy();
    expect(within(drawer).getByText('137****2222')).toBeTruthy();
    expect(await within(drawer).findByAltText('行驶证照片')).toBeTruthy();
    expect(callsTo('GET', '/api/system/CarAuthentication/a-2/Photo')).toHaveLength(1);
  });

  it('says a removed photo plainly and shows why a request was rejected', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=a-0`, page, <VehicleAuthPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('行驶证照片已按规定在审核后删除')).toBeTruthy();
    expect(within(drawer).getByText('照片模糊')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(callsTo('GET', '/api/system/CarAuthentication/a-0/Photo')).toHaveLength(0);
  });

  it('?id= of a request that is gone says so on the page', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=a-gone`, page, <VehicleAuthPage />);
    expect(await screen.findByText('消息所指的认证申请不存在或已删除')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('通过 asks first, then approves', { timeout: 60_000 }, async () => {
    renderAt(page, page, <VehicleAuthPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /通\s*过/ }));
    const question = (await screen.findAllByText('确定通过车辆「粤B12345」的认证申请吗？'))[0]!.closest<HTMLElement>('.ant-modal-confirm')!;
    expect(calls.some((c) => c.url.endsWith('/Actions/Approve'))).toBe(false);
    await user.click(within(question).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(callsTo('POST', '/api/system/CarAuthentication/a-1/Actions/Approve')).toHaveLength(1));
    expect(await screen.findByText('审核通过')).toBeTruthy();
  });

  it('驳回 needs a reason before it is sent', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=a-1`, page, <VehicleAuthPage />);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('驳回认证申请'))!;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/Actions/Reject'))).toBe(false);
    fireEvent.change(within(dialog).getByPlaceholderText(/请填写驳回原因/), { target: { value: ' 照片模糊 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    await waitFor(() => expect(bodyOf(callsTo('POST', '/api/system/CarAuthentication/a-1/Actions/Reject')[0])).toEqual({ reason: '照片模糊' }));
  });

  it('批量通过 is offered once rows are chosen, asks first, and sends the chosen ids', { timeout: 120_000 }, async () => {
    renderAt(page, page, <VehicleAuthPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const batch = screen.getByRole('button', { name: /批量通过/ });
    expect(batch.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(bodyRows()[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(bodyRows()[2] as HTMLElement).getByRole('checkbox'));
    expect(screen.getByText('已选择 2 项')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /批量通过/ }));
    const question = (await screen.findAllByText('确定通过所选的 2 条申请吗？'))[0]!.closest<HTMLElement>('.ant-modal-confirm')!;
    await user.click(within(question).getByRole('button', { name: /批量通过/ }));
    await waitFor(() => expect(bodyOf(callsTo('POST', '/api/system/CarAuthentication/Actions/BatchApprove')[0])).toEqual({ ids: ['a-1', 'a-0'] }));
    // refused whole: the server's words, and the choice stays
    expect(await screen.findByText('所选申请中车辆「粤B00001」的申请已审核，本次未通过任何申请，请刷新后重新选择')).toBeTruthy();
    expect(screen.getByText('已选择 2 项')).toBeTruthy();
  });

  it('后台录入 takes a bound vehicle and a photo checked before it is sent, and posts it as multipart', { timeout: 120_000 }, async () => {
    renderAt(page, page, <VehicleAuthPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /后台录入/ }));
    const dialog = (await screen.findByText('后台录入认证申请', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    const picker = within(dialog).getByLabelText('车辆');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '粤b123' } });
    fireEvent.click(await screen.findByText('粤B12345（车主 138****5678，未认证）'));
    // the upload's input is made afresh after each pick
    const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input(), { target: { files: [new File(['%PDF'], '行驶证.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('行驶证照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请上传行驶证照片')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [new File([png], '行驶证.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByText('行驶证.png')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(callsTo('POST', '/api/system/CarAuthentication')).toHaveLength(1));
    const [sent] = callsTo('POST', '/api/system/CarAuthentication');
    expect(sent!.params).toEqual({ kind: 'verify', vehicleId: 'v-1' });
    expect((sent!.data as FormData).get('file')).toBeInstanceOf(File);
    expect(callsTo('GET', '/api/system/CarAuthentication/Actions/Vehicles').some((c) => (c.params as { plateNumber?: string }).plateNumber === '粤B123')).toBe(true);
  });
});
