import type { PhoneChangeDetail } from '@parking/contract';

export const phoneChangeDetail = (overrides: Partial<PhoneChangeDetail> = {}): PhoneChangeDetail => ({
  id: 'p-1',
  status: 'pending',
  customerId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
  customerNickname: '王师傅',
  oldPhone: '13812345678',
  newPhone: '13987654321',
  customerPhone: '13812345678',
  orderNo: '5f0c1b9e-1d2a-4b7c-9e3f-0a1b2c3d4e5f',
  hasPhoto: true,
  rejectReason: '',
  decidedByName: null,
  decidedAt: null,
  createdAt: '2026-03-04T02:00:00.000Z',
  evidence: {
    order: {
      recordId: '5f0c1b9e-1d2a-4b7c-9e3f-0a1b2c3d4e5f',
      plateNumber: '粤B30001',
      plateColour: 0,
      lotName: '东门停车场',
      enteredAt: '2026-03-03T01:00:00.000Z',
      exitedAt: '2026-03-03T03:00:00.000Z',
      ownersPlate: true,
    },
    vehicles: [
      { plateNumber: '粤B30001', plateColour: 0, state: 'failed' },
      { plateNumber: '粤B30002', plateColour: 0, state: 'unbound' },
    ],
  },
  ...overrides,
});

export const rejectedPhoneChange = () =>
  phoneChangeDetail({
    id: 'p-0',
    status: 'rejected',
    oldPhone: '13700001111',
    newPhone: '13900002222',
    customerPhone: '13700001111',
    orderNo: 'NO-SUCH',
    hasPhoto: false,
    rejectReason: '订单号不属于该车主的车辆',
    decidedByName: '管理员',
    decidedAt: '2026-03-05T02:00:00.000Z',
    evidence: { order: null, vehicles: [] },
  });
