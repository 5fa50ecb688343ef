import type { ParkingRecordDetail, RecordEditRequest, RecordEditSnapshot } from '@parking/contract';

/** A finished, unpaid stay as the API sends it; tests change what they look at. */
export const parkingRecordDetail = (overrides: Partial<ParkingRecordDetail> = {}): ParkingRecordDetail => ({
  id: 'r-1',
  lotId: 'l-1',
  lotName: '万象天地停车场',
  entryLaneId: 'ln-in',
  entryLaneName: '东入口',
  exitLaneId: 'ln-out',
  exitLaneName: '东出口',
  spaceId: null,
  spaceNumber: null,
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-03T01:00:00.000Z',
  exitedAt: '2026-03-03T02:40:00.000Z',
  entryConfidence: 0.99,
  exitConfidence: 0.98,
  entryPhoto: 'photos/t-1/2026-03-03/a.jpg',
  exitPhoto: null,
  tariffId: 'tf-1',
  tariffVersionId: 'tv-1',
  vehicleClass: 'small',
  state: 'awaiting_payment',
  amountDue: 1750,
  discount: 0,
  paid: 0,
  unpaid: 1750,
  abnormal: true,
  abnormalReasons: ['low_confidence'],
  createdAt: '2026-03-03T01:00:00.000Z',
  updatedAt: '2026-03-03T02:40:00.000Z',
  groupCard: null,
  coupons: [],
  fee: {
    tariffName: '北京一类地区占道停车',
    tariffVersionNo: 1,
    amount: 1750,
    freeReason: null,
    vehicleClass: { code: 'small', name: '小型车', why: '小型车号牌' },
    breakdown: [
      { label: '白天 首小时 2.5元/15分钟', from: '2026-03-03T01:00:00.000Z', to: '2026-03-03T02:00:00.000Z', minutes: 60, units: 4, amount: 1000 },
      { label: '白天 1小时后 3.75元/15分钟', from: '2026-03-03T02:00:00.000Z', to: '2026-03-03T02:40:00.000Z', minutes: 40, units: 2, amount: 750 },
    ],
  },
  edits: [],
  ...overrides,
});

const snapshot: RecordEditSnapshot = {
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-03T01:00:00.000Z',
  exitedAt: '2026-03-03T02:40:00.000Z',
  state: 'awaiting_payment',
  amountDue: 1750,
  discount: 0,
  paid: 0,
  unpaid: 1750,
};

/** An amount correction of the record above, waiting for approval. */
export const recordEditRequest = (overrides: Partial<RecordEditRequest> = {}): RecordEditRequest => ({
  id: 'e-1',
  recordId: 'r-1',
  plateNumber: '粤B12345',
  plateColour: 0,
  lotId: 'l-1',
  lotName: '万象天地停车场',
  kind: 'amount',
  requested: { amountDue: 1200, suggestedAmountDue: 1750 },
  reason: '车主投诉计费有误',
  status: 'requested',
  requestedBy: 'u-clerk',
  requestedByName: '收费员',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionRemark: '',
  before: snapshot,
  after: null,
  createdAt: '2026-03-04T02:00:00.000Z',
  ...overrides,
});

/** The same correction once approved: the record's amount and what is owed moved. */
export const approvedRecordEdit = (overrides: Partial<RecordEditRequest> = {}): RecordEditRequest =>
  recordEditRequest({
    id: 'e-0',
    status: 'approved',
    decidedBy: 'u-auditor',
    decidedByName: '审核员',
    decidedAt: '2026-03-04T03:00:00.000Z',
    decisionRemark: '核实无误',
    after: { ...snapshot, amountDue: 1200, unpaid: 1200 },
    ...overrides,
  });
