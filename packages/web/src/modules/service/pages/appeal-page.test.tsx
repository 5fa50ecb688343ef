import type { AppealDetail, UserInfo } from '@parking/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, bodyRows, failure, quietComputedStyle, renderAt, saved } from '../../system/pages/system-page-test-kit';
import { appealDetail, appealedRecordId, heldAppeal, rejectedAppeal } from '../appeal-fixtures';
import { appealResource } from '../appeal.resource';
import { AppealPage } from './appeal-page';

const page = '/ParkingOperations/appeal';
const api = '/api/system/Appeal';
const asRow = ({ record: _record, payments: _payments, refunds: _refunds, ...row }: AppealDetail) => row;

let calls: RecordedCall[];
/** a-1 as the server now holds it: a claim or a decision changes what its detail answers afterwards */
let shownAgain: AppealDetail;
const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const decided = '2026-03-05T02:00:00.000Z';

const fakeServer = (replies: Record<string, FakeReply | ((call: RecordedCall) => FakeReply)> = {}) => {
  shownAgain = appealDetail();
  calls = installFakeApi({
    [`GET ${api}`]: ok({ list: [appealDetail(), heldAppeal(), rejectedAppeal()].map(asRow), pagination: { currentPage: 1, pageSize: 10, total: 3 } }),
    [`GET ${api}/a-1`]: () => ok(shownAgain),
    [`GET ${api}/a-gone`]: failure(404, '申诉不存在'),
    [`POST ${api}/a-1/Actions/Claim`]: () => {
      shownAgain = { ...shownAgain, claimedBy: 'u-me', claimedByName: '我', claimedUntil: '2026-03-05T02:30:00.000Z' };
      return saved('已领取', asRow(shownAgain));
    },
    [`POST ${api}/a-1/Actions/Decide`]: () => {
      const after = {
        plateNumber: '浙A2P618',
        plateColour: 0,
        enteredAt: '2026-03-04T00:10:00.000Z',
        exitedAt: '2026-03-04T01:40:00.000Z',
        state: 'closed' as const,
        amountDue: 1000,
        paid: 600,
      };
      shownAgain = {
        ...shownAgain,
        status: 'approved',
        outcome: 'waive',
        decision: {},
        result: '已减免欠费 4.00 元',
        before: { ...after, state: 'unpaid', discount: 0, unpaid: 400 },
        after: { ...after, discount: 400, unpaid: 0 },
        decidedBy: 'u-me',
        decidedByName: '我',
        decidedAt: decided,
        record: { ...shownAgain.record, discount: 400, unpaid: 0, state: 'closed' },
      };
      return saved('审核完成', shownAgain);
    },
    ...replies,
  });
};

const openDrawer = async (id: string) => {
  renderAt(`${page}?id=${id}`, page, <AppealPage />);
  const drawer = (await screen.findAllByRole('dialog')).find((d) => d.closest('.ant-drawer'))!;
  await within(drawer).findByText('申诉说明');
  return drawer;
};
/** 提交审核, then the confirmation naming the stay and the outcome, confirmed */
const submitAndConfirm = async (drawer: HTMLElement, title: string, ok: string) => {
  fireEvent.click(within(drawer).getByRole('button', { name: '提交审核' }));
  const confirm = (await screen.findAllByText(title))[0]!.closest<HTMLElement>('.ant-modal-confirm')!;
  fireEvent.click(within(confirm).getByRole('button', { name: ok }));
};

beforeAll(quietComputedStyle);
beforeEach(() => {
  useSessionStore.setState({ user: { userId: 'u-me', userName: '我' } as UserInfo, permissions: ['ParkingRecordOrder'] });
  fakeServer();
});
afterEach(() => useSessionStore.setState({ user: null, permissions: [] }));

describe('申诉审核', () => {
  it('lists appeals with the phones masked, their status, outcome and who holds them', { timeout: 60_000 }, async () => {
    renderAt(page, page, <AppealPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [pending, held, rejected] = bodyRows().map((row) => within(row as HTMLElement));
    expect(pending!.getByText('2026-03-04 10:00:00')).toBeTruthy();
    expect(pending!.getByRole('button', { name: '浙A2P618（蓝色），点击复制' })).toBeTruthy();
    expect(pending!.getByText('东门停车场')).toBeTruthy();
    expect(pending!.getByText('时间有误')).toBeTruthy();
    expect(pending!.getByText('待审核')).toBeTruthy();
    expect(pending!.getByText('139****0003')).toBeTruthy();
    expect(pending!.getByRole('button', { name: '审核' })).toBeTruthy();
    expect(held!.getByText('李审核')).toBeTruthy();
    expect(held!.getByText('未停车/重复计费')).toBeTruthy();
    expect(rejected!.getByText('已驳回')).toBeTruthy();
    expect(rejected!.getByText('驳回')).toBeTruthy();
    expect(rejected!.getByText('管理员')).toBeTruthy();
    expect(rejected!.getByRole('button', { name: '查看' })).toBeTruthy();
    for (const whole of ['13912340003', '13912340004', '13912340005']) expect(screen.queryByText(whole)).toBeNull();
  });

  it('keeps its key columns within a 1440 px screen, beside 序号 and 操作', () => {
    // 1440 less the menu (220), the content's and the card's padding (32 + 48) and a scrollbar (15), 序号 (60) and 操作 (70)
    const room = 1440 - 220 - 32 - 48 - 15 - 60 - 70;
    const keyWidths = appealResource.columns.filter((c) => c.priority === 'key' && !c.hideInTable).reduce((sum, c) => sum + (c.width ?? 120), 0);
    expect(keyWidths).toBeLessThanOrEqual(room);
  });

  it('?id= opens the review with the stay on the Shanghai clock; 领取 sends the claim and shows the hold', { timeout: 60_000 }, async () => {
    const drawer = await openDrawer('a-1');
    expect(within(drawer).getByText('申诉审核 · 浙A2P618 · 时间有误')).toBeTruthy();
    expect(within(drawer).getByText('139****0003')).toBeTruthy();
    expect(within(drawer).queryByText('13912340003')).toBeNull();
    expect(within(drawer).getByText('2026-03-04 08:10:00')).toBeTruthy();
    expect(within(drawer).getByText('2026-03-04 09:40:00')).toBeTruthy();
    expect(within(drawer).getByText('10.00 元')).toBeTruthy();
    expect(within(drawer).getByText('4.00 元')).toBeTruthy();
    // 已付, and the WeChat payment it came from
    expect(within(drawer).getAllByText('6.00 元')).toHaveLength(2);
    expect(within(drawer).getByText('微信')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '查看停车订单' }).getAttribute('href')).toBe(
      `/OrderManagement/parkingRecordOrderInfo/${appealedRecordId}?restBack=${encodeURIComponent(`${page}?id=a-1`)}`,
    );

    fireEvent.click(within(drawer).getByRole('button', { name: /^领\s*取$/ }));
    await waitFor(() => expect(callsTo('POST', `${api}/a-1/Actions/Claim`)).toHaveLength(1));
    expect(await within(drawer).findByText('你已领取该申诉，至 2026-03-05 10:30:00 前他人不能审核')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /^释\s*放$/ })).toBeTruthy();
  });

  it('?id= of an appeal that is gone says so on the page', { timeout: 60_000 }, async () => {
    renderAt(`${page}?id=a-gone`, page, <AppealPage />);
    expect(await screen.findByText('所指的申诉不存在或已删除')).toBeTruthy();
    expect(document.querySelector('.ant-drawer')).toBeNull();
  });

  it('驳回 needs a reason; 减免欠费 is sent after confirming and shows the record before → after', { timeout: 60_000 }, async () => {
    const drawer = await openDrawer('a-1');
    fireEvent.click(within(drawer).getByRole('radio', { name: '驳回' }));
    expect(await within(drawer).findByLabelText('驳回原因')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '提交审核' }));
    expect(await within(drawer).findByText('请填写驳回原因')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('radio', { name: '减免欠费' }));
    expect(await within(drawer).findByText('将减免欠费 4.00 元，停车记录不再欠费。')).toBeTruthy();
    await submitAndConfirm(drawer, '确定对停车记录「浙A2P618」减免欠费吗？', '确定审核');
    await waitFor(() => expect(callsTo('POST', `${api}/a-1/Actions/Decide`)).toHaveLength(1));
    expect(bodyOf(callsTo('POST', `${api}/a-1/Actions/Decide`)[0])).toEqual({ kind: 'waive', remark: '' });
    expect(await within(drawer).findByText('已减免欠费 4.00 元')).toBeTruthy();
    expect(within(drawer).getByText('已通过')).toBeTruthy();
    expect(within(drawer).getByText('2026-03-05 10:00:00')).toBeTruthy();
    expect(within(drawer).getByText('停车记录变更')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '提交审核' })).toBeNull();
  });

  it('退款 typed in yuan is sent in fen, and the server refusing it is shown in the form', { timeout: 60_000 }, async () => {
    const held = '该申诉已由李审核领取审核（至 10:30），请稍后再试';
    fakeServer({ [`POST ${api}/a-1/Actions/Decide`]: failure(409, held) });
    const drawer = await openDrawer('a-1');
    fireEvent.click(within(drawer).getByRole('radio', { name: '退款' }));
    fireEvent.change(await within(drawer).findByLabelText('退款金额'), { target: { value: '2.5' } });
    await submitAndConfirm(drawer, '确定对停车记录「浙A2P618」退款吗？', '确定审核');
    await waitFor(() => expect(callsTo('POST', `${api}/a-1/Actions/Decide`)).toHaveLength(1));
    expect(bodyOf(callsTo('POST', `${api}/a-1/Actions/Decide`)[0])).toEqual({ kind: 'refund', amount: 250, remark: '' });
    expect(await within(drawer).findByText(held)).toBeTruthy();
    expect(within(drawer).getByText('待审核')).toBeTruthy();
  });
});
