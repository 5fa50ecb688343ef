import type { Arrears, ArrearsDetail } from '@parking/contract';
import { parkingRecordDetail } from '../orders/record-fixtures';

const { fee: _fee, ...listed } = parkingRecordDetail();

/** 粤B12345 owing on two lots, as the API sends it; tests change what they look at. */
export const arrears = (overrides: Partial<Arrears> = {}): Arrears => ({
  plateNumber: '粤B12345',
  recordCount: 2,
  owed: 2250,
  firstExitedAt: '2026-03-03T02:40:00.000Z',
  lastExitedAt: '2026-03-05T10:00:00.000Z',
  lots: [
    { id: 'l-1', name: '万象天地停车场' },
    { id: 'l-2', name: '福华路路侧' },
  ],
  ...overrides,
});

export const arrearsDetail = (overrides: Partial<ArrearsDetail> = {}): ArrearsDetail => ({
  plateNumber: '粤B12345',
  owed: 2250,
  recovered: 300,
  records: [
    { ...listed, state: 'unpaid' },
    {
      ...listed,
      id: 'r-2',
      lotId: 'l-2',
      lotName: '福华路路侧',
      exitLaneName: null,
      spaceNumber: 'F001',
      amountDue: 800,
      paid: 300,
      unpaid: 500,
      state: 'unpaid',
      exitedAt: '2026-03-05T10:00:00.000Z',
    },
  ],
  reminders: [
    { id: 'rm-1', plateNumber: '粤B12345', channel: 'phone', content: '电话联系车主，承诺周五前缴清', operatorId: 'u-1', operatorName: '张三', createdAt: '2026-03-06T01:00:00.000Z' },
  ],
  ...overrides,
});
