import type { VehicleAuthRequest } from '@parking/contract';

export const vehicleAuthRequest = (overrides: Partial<VehicleAuthRequest> = {}): VehicleAuthRequest => ({
  id: 'a-1',
  kind: 'verify',
  status: 'pending',
  customerId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
  customerPhone: '13812345678',
  customerNickname: '张三',
  vehicleId: 'v-1',
  vehicleState: 'verifying',
  plateNumber: '粤B12345',
  plateColour: 0,
  holderCustomerId: null,
  holderPhone: null,
  hasPhoto: true,
  photoRemovedAt: null,
  submittedByName: null,
  rejectReason: '',
  decidedByName: null,
  decidedAt: null,
  createdAt: '2026-03-04T02:00:00.000Z',
  ...overrides,
});

export const claimRequest = (overrides: Partial<VehicleAuthRequest> = {}) =>
  vehicleAuthRequest({
    id: 'a-2',
    kind: 'claim',
    customerId: 'c-2',
    customerPhone: '13900001111',
    customerNickname: '李四',
    vehicleId: null,
    vehicleState: null,
    plateNumber: '粤B67890',
    holderCustomerId: 'c-3',
    holderPhone: '13700002222',
    submittedByName: '管理员',
    ...overrides,
  });

export const rejectedRequest = (overrides: Partial<VehicleAuthRequest> = {}) =>
  vehicleAuthRequest({
    id: 'a-0',
    status: 'rejected',
    vehicleState: 'failed',
    plateNumber: '粤B00001',
    rejectReason: '照片模糊',
    decidedByName: '审核员',
    decidedAt: '2026-03-05T02:00:00.000Z',
    hasPhoto: false,
    photoRemovedAt: '2026-04-04T02:00:00.000Z',
    ...overrides,
  });
