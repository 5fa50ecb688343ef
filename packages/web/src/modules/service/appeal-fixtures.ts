import type { AppealDetail } from '@parking/contract';

/** the stay of 浙A2P618 at 东门停车场 that a-1 disputes: 10.00 due, 6.00 paid by WeChat, 4.00 owed */
export const appealedRecordId = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A pending appeal as the detail answers it; the list rows are the same without record, payments and refunds. */
export const appealDetail = (overrides: Partial<AppealDetail> = {}): AppealDetail => ({
  id: 'a-1',
  recordId: appealedRecordId,
  plateNumber: '浙A2P618',
  plateColour: 0,
  lotName: '东门停车场',
  customerId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
  phone: '13912340003',
  reason: 'wrong_time',
  content: '9点10分就出场了，出场时间记成了9点40分，多收了费。',
  status: 'pending',
  outcome: null,
  decision: null,
  result: '',
  rejectReason: '',
  remark: '',
  before: null,
  after: null,
  claimedBy: null,
  claimedByName: null,
  claimedUntil: null,
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  filedAt: '2026-03-04T02:00:00.000Z',
  record: {
    id: appealedRecordId,
    lotName: '东门停车场',
    plateNumber: '浙A2P618',
    plateColour: 0,
    enteredAt: '2026-03-04T00:10:00.000Z',
    exitedAt: '2026-03-04T01:40:00.000Z',
    amountDue: 1000,
    discount: 0,
    paid: 600,
    unpaid: 400,
    state: 'unpaid',
  },
  payments: [{ id: 'p-1', channel: 'wechat', amount: 600, paidAt: '2026-03-04T01:41:00.000Z', refunded: 0, refundPending: 0 }],
  refunds: [],
  photos: [],
  ...overrides,
});

/** Held by another reviewer until 10:30 Shanghai time. */
export const heldAppeal = () =>
  appealDetail({
    id: 'a-2',
    plateNumber: '浙A6C725',
    plateColour: 2,
    lotName: '西门停车场',
    phone: '13912340004',
    reason: 'not_parked',
    content: '当天车一直在外地，没有来过这个停车场。',
    claimedBy: 'u-li',
    claimedByName: '李审核',
    claimedUntil: '2026-03-05T02:30:00.000Z',
    filedAt: '2026-03-04T03:00:00.000Z',
  });

/** 已驳回, with what the record was and stayed. */
export const rejectedAppeal = () => {
  const snapshot = {
    plateNumber: '浙A9K301',
    plateColour: 0,
    enteredAt: '2026-02-20T01:00:00.000Z',
    exitedAt: '2026-02-20T03:00:00.000Z',
    state: 'closed' as const,
    amountDue: 800,
    discount: 0,
    paid: 800,
    unpaid: 0,
  };
  return appealDetail({
    id: 'a-3',
    plateNumber: '浙A9K301',
    phone: '13912340005',
    reason: 'wrong_amount',
    content: '收费标准不对。',
    status: 'rejected',
    outcome: 'reject',
    decision: {},
    result: '申诉被驳回：按公示的收费标准计费，无误',
    rejectReason: '按公示的收费标准计费，无误',
    before: snapshot,
    after: null,
    decidedBy: 'u-me',
    decidedByName: '管理员',
    decidedAt: '2026-02-21T02:00:00.000Z',
    filedAt: '2026-02-20T05:00:00.000Z',
  });
};
