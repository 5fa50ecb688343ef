import type { ComplaintDetail } from '@parking/contract';

/** the stay of 浙A2P618 at 东门停车场 that c-2 is about */
export const complainedRecordId = '5f0c1b9e-1d2a-4b7c-9e3f-0a1b2c3d4e5f';

/** A complaint as the detail answers it; the list rows are the same without replies and record. */
export const complaintDetail = (overrides: Partial<ComplaintDetail> = {}): ComplaintDetail => ({
  id: 'c-1',
  category: 'attitude',
  channel: 'phone',
  status: 'pending',
  content: '路边收费员态度很差，问收费标准不回答，还催我赶紧交钱。',
  contactName: '周先生',
  contactPhone: '13912340002',
  plateNumber: '',
  plateColour: null,
  recordId: null,
  customerId: null,
  receivedAt: '2026-03-01T02:00:00.000Z',
  deadlineAt: '2026-03-03T02:00:00.000Z',
  overdue: true,
  replyCount: 0,
  completedAt: null,
  completedByName: null,
  result: '',
  createdByName: '管理员',
  replies: [],
  record: null,
  photos: [],
  ...overrides,
});

/** 处理中 with a staff reply and the owner's supplement, about a stay of theirs. */
export const processingComplaint = () =>
  complaintDetail({
    id: 'c-2',
    category: 'payment',
    channel: 'owner_page',
    status: 'processing',
    content: '微信支付成功了但道闸没有抬杆，最后是岗亭人工放行的。',
    contactName: '',
    contactPhone: '13912340003',
    plateNumber: '浙A2P618',
    plateColour: 0,
    recordId: complainedRecordId,
    customerId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
    receivedAt: '2026-03-04T02:00:00.000Z',
    deadlineAt: '2026-03-06T02:00:00.000Z',
    overdue: false,
    replyCount: 2,
    createdByName: null,
    replies: [
      { id: 'r-1', author: 'staff', authorName: '李客服', content: '您好，已调取出口车道记录，正在与支付渠道核实。', createdAt: '2026-03-04T06:00:00.000Z' },
      { id: 'r-2', author: 'owner', authorName: '车主 139****0003', content: '付款截图已经发到公众号了。', createdAt: '2026-03-04T07:30:00.000Z' },
    ],
    record: {
      id: complainedRecordId,
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
  });

/** 已完成 after its deadline: 逾期办结. */
export const completedLateComplaint = () =>
  complaintDetail({
    id: 'c-3',
    category: 'invoice',
    status: 'done',
    content: '停车费电子发票一直开不出来，提示订单不存在。',
    contactName: '郑女士',
    contactPhone: '13912340005',
    plateNumber: '浙A6C725',
    receivedAt: '2026-02-20T02:00:00.000Z',
    deadlineAt: '2026-02-22T02:00:00.000Z',
    overdue: true,
    completedAt: '2026-02-23T02:00:00.000Z',
    completedByName: '管理员',
    result: '订单号填写有误，已协助车主按正确订单号开具电子发票。',
  });
