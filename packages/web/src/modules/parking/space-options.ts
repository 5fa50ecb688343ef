import { parkingSpaceStateNames, parkingSpaceTypeNames, parkingSpaceTypes } from '@parking/contract';
import type { ValueEnum } from '../../shared/resource/resource-types';

/** 普通, 长租, 预留, 无障碍 for selects. */
export const spaceTypeOptions = parkingSpaceTypes.map((type) => ({ value: type, label: parkingSpaceTypeNames[type] }));

export const spaceTypeEnum: ValueEnum = Object.fromEntries(parkingSpaceTypes.map((type) => [String(type), { text: parkingSpaceTypeNames[type] ?? '' }]));

export const spaceStateEnum: ValueEnum = {
  free: { text: parkingSpaceStateNames.free, status: 'success' },
  occupied: { text: parkingSpaceStateNames.occupied, status: 'processing' },
  fault: { text: parkingSpaceStateNames.fault, status: 'error' },
};

/** The filter speaks 1/0 as the API does. */
export const chargingEnum: ValueEnum = { '1': { text: '是' }, '0': { text: '否' } };
