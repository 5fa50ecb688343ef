import type { UserInfo } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { useSessionStore } from '../../../shared/session/session-store';
import { bodyOf, bodyRows, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { approvedRecordEdit, recordEditRequest } from '../record-fixtures';
import { RecordEditAuditPage } from './record-edit-audit-page';

const pending = recordEditRequest();
const timesEdit = recordEditRequest({
  id: 'e-2',
  recordId: 'r-2',
  plateNumber: '粤B67890',
  kind: 'times',
  requested: { enteredAt: '2026-03-03T00:30:00.000Z', exitedAt: '2026-03-03T02:00:00.000Z' },
  requestedBy: 'u-me',
});
const approved = approvedRecordEdit();
const edits = [pending, timesEdit, approved];

let calls: RecordedCall[];
const page = '/OrderManagement/parkingOrderEditAudit';

beforeAll(() => quietComputedStyle());
beforeEach(() => {
  useSessionStore.setState({ user: { userId: 'u-me', userName: '我' } as UserInfo });
  calls = installFakeApi({
    'GET /api/system/RecordEditAudit': ok({ list: edits, pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    'GET /api/system/Parking/selector': ok([{ id: 'l-1', name: '万象天地停车场', kind: 'lane' }]),
    'GET /api/system/RecordEditAudit/e-1': ok(pending),
    'GET /api/system/RecordEditAudit/e-0': ok(approved),
    'POST /api/system/RecordEditAudit/e-1/Actions/Approve': saved('已通过，停车记录已修改', approvedRecordEdit({ id: 'e-1' })),
    'POST /api/system/RecordEditAudit/e-1/Actions/Reject': saved('已驳回', recordEditRequest({ status: 'rejected' })),
  });
});
afterEach(() => useSessionStore.setState({ user: null }));

describe('订单修改审核', () => {
  it('lists requests with their kind, what they ask in yuan and Shanghai time, and their state', { timeout: 60_000 }, async () => {
    renderAt(page, page, <RecordEditAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second, third] = bodyRows().map((row) => within(row as HTMLElement));
    expect(first!.getByText('修改应收金额')).toBeTruthy();
    expect(first!.getByText('应收金额改为 12.00 元')).toBeTruthy();
    expect(first!.getByText('待审核')).toBeTruthy();
    expect(first!.getByText('2026-03-04 10:00:00')).toBeTruthy();
    expect(second!.getByText('入场时间改为 2026-03-03 08:30:00，出场时间改为 2026-03-03 10:00:00')).toBeTruthy();
    expect(third!.getByText('已通过')).toBeTruthy();
    expect(third!.getByText('审核员')).toBeTruthy();
    // decided: nothing left to decide
    expect(third!.queryByRole('button', { name: /通\s*过/ })).toBeNull();
  });

  it('does not let the requester decide their own request', { timeout: 60_000 }, async () => {
    renderAt(page, page, <RecordEditAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const mine = within(bodyRows()[1] as HTMLElement);
    expect(mine.getByRole('button', { name: /通\s*过/ }).hasAttribute('disabled')).toBe(true);
    expect(mine.getByRole('button', { name: /驳\s*回/ }).hasAttribute('disabled')).toBe(true);
    expect(
      within(bodyRows()[0] as HTMLElement)
        .getByRole('button', { name: /通\s*过/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('?id= from a system message opens that request with before and after side by side', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=e-0`, page, <RecordEditAuditPage />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('车主投诉计费有误')).toBeTruthy();
    const amountRow = within(dialog).getByText('应收').closest('tr') as HTMLElement;
    expect(within(amountRow).getByText('17.50 元')).toBeTruthy();
    expect(within(amountRow).getAllByText('12.00 元')).toHaveLength(2);
    expect(within(dialog).getByText('核实无误')).toBeTruthy();
    expect(within(dialog).getByText('按计费规则重算的应收为 17.50 元（仅供参考）')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /通\s*过/ })).toBeNull();
  });

  it('?id= of a request that is gone says so on the page, with no dialog in the way', { timeout: 60_000 }, async () => {
    installFakeApi({
      'GET /api/system/RecordEditAudit': ok({ list: edits, pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
      'GET /api/system/Parking/selector': ok([]),
      'GET /api/system/RecordEditAudit/e-gone': { status: 404, body: { code: 404, msg: '订单修改申请不存在', data: null } },
    });
    renderAt(`${page}?id=e-gone`, page, <RecordEditAuditPage />);
    expect(await screen.findByText('消息所指的订单修改申请不存在或已删除')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('通过 asks for a remark and sends it', { timeout: 60_000 }, async () => {
    renderAt(page, page, <RecordEditAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: /通\s*过/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('通过后将立即修改停车记录，且不可撤销。')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('选填'), { target: { value: '核实无误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定通过' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/e-1/Actions/Approve'))).toBe(true));
    expect(bodyOf(calls.find((c) => c.url.endsWith('/e-1/Actions/Approve')))).toEqual({ remark: '核实无误' });
    expect(await screen.findByText('已通过，停车记录已修改')).toBeTruthy();
  });

  it('驳回 needs a reason before it is sent', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=e-1`, page, <RecordEditAuditPage />);
    const detail = await screen.findByRole('dialog');
    await user.click(await within(detail).findByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('驳回修改申请'))!;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/Actions/Reject'))).toBe(false);
    fireEvent.change(within(dialog).getByPlaceholderText('请填写驳回原因'), { target: { value: '证据不足' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.url.endsWith('/e-1/Actions/Reject')))).toEqual({ remark: '证据不足' }));
  });

  it('停车记录 opens the record detail with the way back to this list', { timeout: 60_000 }, async () => {
    const router = renderAt(`${page}?status=requested`, '/OrderManagement/*', <RecordEditAuditPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('button', { name: '停车记录' }));
    expect(router.state.location.pathname).toBe('/OrderManagement/parkingRecordOrderInfo/r-1');
    expect(new URLSearchParams(router.state.location.search).get('restBack')).toBe(`${page}?status=requested`);
  });
});
