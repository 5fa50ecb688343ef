import { parkingRecordStateNames, parkingRecordStates, plateColourNames, type ParkingRecordState } from '@parking/contract';
import type { BadgeStatus, ValueEnum } from '../../shared/resource/resource-types';

const stateBadges: Readonly<Record<ParkingRecordState, BadgeStatus>> = {
  parked: 'processing',
  awaiting_payment: 'warning',
  paid: 'success',
  closed: 'default',
  unpaid: 'error',
  void: 'default',
};

export const recordStateBadge = (state: ParkingRecordState) => stateBadges[state];

export const recordStateEnum: ValueEnum = Object.fromEntries(parkingRecordStates.map((state) => [state, { text: parkingRecordStateNames[state], status: stateBadges[state] }]));

/** plate colour 0 (and anything unknown) is blue */
export const plateColourEnum: ValueEnum = Object.fromEntries([['0', { text: '蓝色' }], ...Object.entries(plateColourNames).map(([code, text]) => [code, { text }])]);

export const plateMatchEnum: ValueEnum = { exact: { text: '精确' }, prefix: { text: '前缀' } };
