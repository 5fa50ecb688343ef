import type { Device } from '@parking/contract';

export const lotId = '11111111-1111-4111-8111-111111111111';
export const deviceId = '22222222-2222-4222-8222-222222222222';

/** A device as the API answers it, for the device module's tests. */
export const device = (overrides: Partial<Device> = {}): Device => ({
  id: deviceId,
  sn: 'CAM-0001',
  name: '东门入口相机',
  type: 'camera',
  lotId,
  lotName: '东门停车场',
  parkingType: 1,
  laneId: null,
  laneName: null,
  spaceId: null,
  spaceNumber: null,
  heartbeatCycle: 60,
  networkType: '4G',
  lastHeartbeatAt: null,
  onlineState: 'online',
  enabled: true,
  remark: '',
  streamUrl: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
  ...overrides,
});
