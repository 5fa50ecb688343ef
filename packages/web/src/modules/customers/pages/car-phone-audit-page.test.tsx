import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, bodyRows, failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { phoneChangeDetail, rejectedPhoneChange } from '../phone-change-fixtures';
import { CarPhoneAuditPage } from './car-phone-audit-page';

const pending = phoneChangeDetail();
const foreignOrder = phoneChangeDetail({
  id: 'p-2',
  oldPhone: '13600003333',
  newPhone: '13500004444',
  evidence: { ...pending.evidence, order: { ...pending.evidence.order!, plateNumber: '粤B99999', ownersPlate: false } },
});
const rejected = rejectedPhoneChange();
const page = '/customer/carPhoneAudit';
/** a 1×1 PNG, as the photo route answers */
const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

let calls: RecordedCall[];
const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeAll(() => {
  quietComputedStyle();
  if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });
});
beforeEach(() => {
  calls = installFakeApi({
    'GET /api/system/CarPhoneAudit': ok({ list: [pending, foreignOrder, rejected], pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    'GET /api/system/CarPhoneAudit/p-1': ok(pending),
    'GET /api/system/CarPhoneAudit/p-2': ok(foreignOrder),
    'GET /api/system/CarPhoneAudit/p-0': ok(rejected),
    'GET /api/system/CarPhoneAudit/p-gone': failure(404, '手机号变更申请不存在'),
    'GET /api/system/CarPhoneAudit/p-1/Photo': { status: 200, body: new Blob([png], { type: 'image/png' }) },
    'GET /api/system/CarPhoneAudit/p-2/Photo': { status: 200, body: new Blob([png], { type: 'image/png' }) },
    'POST /api/system/CarPhoneAudit/p-1/Actions/Approve': saved('审核通过', { ...pending, status: 'approved' }),
    'POST /api/system/CarPhoneAudit/p-2/Actions/Approve': failure(409, '手机号 135****4444 已注册为其他车主，无法通过，请驳回'),
    'POST /api/system/CarPhoneAudit/p-1/Actions/Reject': saved('已驳回', { ...pending, status: 'rejected' }),
  });
});

describe('手机号变更审核', () => {
  it('lists requests with both numbers masked, the state, and decisions only for pending ones', { timeout: 60_000 }, async () => {
    renderAt(page, page, <CarPhoneAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, , third] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByText('138****5678')).toBeTruthy();
    expect(first!.getByText('139****4321')).toBeTruthy();
    expect(first!.getByText('待审核')).toBeTruthy();
    expect(third!.getByText('已驳回')).toBeTruthy();
    expect(third!.queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(screen.queryByText('13812345678')).toBeNull();
    expect(screen.queryByText('13987654321')).toBeNull();
  });

  it('?id= from a message opens the review with the photo, the order number’s evidence and the owner’s vehicles', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=p-1`, page, <CarPhoneAuditPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('手机号变更申请 · 138****5678 → 139****4321')).toBeTruthy();
    expect(within(drawer).getByText('订单号属于该车主的车辆')).toBeTruthy();
    expect(within(drawer).getByText('138****5678（王师傅）')).toBeTruthy();
    expect(within(drawer).getByText('认证失败')).toBeTruthy();
    expect(within(drawer).getByText('已解绑')).toBeTruthy();
    expect(await within(drawer).findByAltText('行驶证照片')).toBeTruthy();
    expect(callsTo('GET', '/api/system/CarPhoneAudit/p-1/Photo')).toHaveLength(1);
  });

  it('says when the order number is a stay of another plate', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=p-2`, page, <CarPhoneAuditPage />);
    expect(await within(await screen.findByRole('dialog')).findByText('订单号不属于该车主的车辆')).toBeTruthy();
  });

  it('a decided request shows its reason and no decision', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=p-0`, page, <CarPhoneAuditPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('订单号「NO-SUCH」在本停车场系统中不存在')).toBeTruthy();
    expect(within(drawer).getByText('行驶证照片已按规定在审核后删除')).toBeTruthy();
    expect(within(drawer).getByText('订单号不属于该车主的车辆')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(callsTo('GET', '/api/system/CarPhoneAudit/p-0/Photo')).toHaveLength(0);
  });

  it('?id= of a request that is gone says so on the page', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=p-gone`, page, <CarPhoneAuditPage />);
    expect(await screen.findByText('消息所指的手机号变更申请不存在或已删除')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('通过 asks first, then approves; a refusal shows the server’s words', { timeout: 60_000 }, async () => {
    renderAt(page, page, <CarPhoneAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /通\s*过/ }));
    const question = (await screen.findAllByText('确定将车主手机号 138****5678 变更为 139****4321 吗？'))[0]!.closest<HTMLElement>('.ant-modal-confirm')!;
    expect(calls.some((c) => c.url.endsWith('/Actions/Approve'))).toBe(false);
    await user.click(within(question).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(callsTo('POST', '/api/system/CarPhoneAudit/p-1/Actions/Approve')).toHaveLength(1));
    expect(await screen.findByText('审核通过')).toBeTruthy();
    await user.click(within(bodyRows()[1] as HTMLElement).getByRole('button', { name: /通\s*过/ }));
    const second = (await screen.findAllByText('确定将车主手机号 136****3333 变更为 135****4444 吗？'))[0]!.closest<HTMLElement>('.ant-modal-confirm')!;
    await user.click(within(second).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText('手机号 135****4444 已注册为其他车主，无法通过，请驳回')).toBeTruthy();
  });

  it('驳回 needs a reason before it is sent', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=p-1`, page, <CarPhoneAuditPage />);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('驳回手机号变更申请'))!;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/Actions/Reject'))).toBe(false);
    fireEvent.change(within(dialog).getByPlaceholderText(/请填写驳回原因/), { target: { value: ' 订单号不符 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    await waitFor(() => expect(bodyOf(callsTo('POST', '/api/system/CarPhoneAudit/p-1/Actions/Reject')[0])).toEqual({ reason: '订单号不符' }));
  });
});
