import type { Group, GroupCard } from '@parking/contract';

export const group = (overrides: Partial<Group> = {}): Group => ({
  id: 'g-1',
  name: '腾讯集团',
  contact: '王经理',
  phone: '13812345678',
  remark: '',
  enabled: true,
  cardCount: 2,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

export const groupCard = (overrides: Partial<GroupCard> = {}): GroupCard => ({
  id: 'c-1',
  groupId: 'g-1',
  groupName: '腾讯集团',
  cardNo: 'JT-0001',
  benefit: 'discount',
  discountPercent: 85,
  amountOff: null,
  plates: ['粤B12345', '粤B67890'],
  lotIds: ['l-1', 'l-2'],
  lotNames: ['万象天地停车场', '科技园路侧'],
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  monthlyQuota: 20,
  remainingQuota: 19,
  allowBind: true,
  maxPlates: 3,
  remark: '',
  enabled: true,
  state: 'active',
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});
