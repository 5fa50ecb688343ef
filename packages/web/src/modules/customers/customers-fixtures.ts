import type { Customer, CustomerVehicle } from '@parking/contract';

export const owner = (overrides: Partial<Customer> = {}): Customer => ({
  id: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
  phone: '13812345678',
  nickname: '张三',
  source: 'miniapp',
  enabled: true,
  registeredAt: '2026-03-01T02:00:00.000Z',
  vehicleCount: 1,
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

export const vehicle = (overrides: Partial<CustomerVehicle> = {}): CustomerVehicle => ({
  id: 'v-1',
  customerId: '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01',
  customerPhone: '13812345678',
  plateNumber: '粤B12345',
  plateColour: 0,
  state: 'unverified',
  boundAt: '2026-03-02T02:00:00.000Z',
  unboundAt: null,
  updatedAt: '2026-03-02T02:00:00.000Z',
  ...overrides,
});
