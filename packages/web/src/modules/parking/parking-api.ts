import {
  longRentalEndpoints,
  lotEventRulesEndpoints,
  parkingAreaEndpoints,
  parkingLotEndpoints,
  userEndpoints,
  type LotEventRules,
  type ParkingLotFilter,
  type ParkingLotKind,
} from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots, shared with the resources so a save there refreshes the pickers and the sum here. */
export const parkingAreaResourceKey = 'parkingArea';
export const parkingLotResourceKey = 'parkingLot';
export const parkingLaneResourceKey = 'parkingLane';
export const parkingSpaceResourceKey = 'parkingSpace';
export const longRentalResourceKey = 'longRental';

export interface UserOption {
  id: string;
  account: string;
  realName: string;
}

/** The tenant's enabled users, for the inspector and manager pickers. */
export const useUserOptions = () =>
  useQuery({
    queryKey: ['systemUser', 'selector'],
    queryFn: (): Promise<UserOption[]> => call(userEndpoints.selector),
    staleTime: 60_000,
  });

/** Every area, for the lot form and the lot filter (areas per tenant are few: one page of 1000). */
export const useAreaOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingAreaResourceKey), 'options'],
    queryFn: () => call(parkingAreaEndpoints.list, { query: { currentPage: 1, pageSize: 1000, sidx: 'name', sort: 'asc' } }),
    select: (page) => page.list.map((area) => ({ value: area.id, label: area.name, enabled: area.enabled })),
  });

/** GET sum with the list's filters: the strip above the lot table. */
export const useLotSum = (filters: ParkingLotFilter) =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingLotResourceKey), 'sum', filters],
    queryFn: () => call(parkingLotEndpoints.sum, { query: filters }),
  });

/** GET bindIf/{id}: what still hangs on a lot, asked before deleting it. */
export const fetchLotBindings = (id: string) => call(parkingLotEndpoints.bindIf, { params: { id } });

/** PUT freecnt/{id}: the operator's correction of a lot's free count. */
export const correctFreeCount = (id: string, freeCount: number) => call(parkingLotEndpoints.freeCount, { params: { id }, body: { freeCount } });

/** 事件规则 of a lot, with the defaults filled in for the rules never set. */
export const fetchLotEventRules = (id: string) => call(lotEventRulesEndpoints.detail, { params: { id } });
export const lotEventRulesKey = (id: string) => [...resourceKeys.all(parkingLotResourceKey), 'eventRules', id] as const;

/** PUT EventRules: the whole set of rules; the server answers them as saved. */
export const saveLotEventRules = (id: string, rules: LotEventRules) => call(lotEventRulesEndpoints.update, { params: { id }, body: rules });

/** The lot picker's list: every enabled lot, or only the lane-based or space-based ones. */
export const useLotOptions = (kind?: ParkingLotKind) =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingLotResourceKey), 'options', kind ?? 'all'],
    queryFn: () => call(parkingLotEndpoints.options, { query: kind ? { type: kind === 'lane' ? 1 : 0 } : {} }),
    select: (page) => page.list,
  });

/** GET LongRental/lots: per lot, its long-rental spaces, the cards in force and the space-leave flag. */
export const useLongRentalLots = () =>
  useQuery({
    queryKey: [...resourceKeys.all(longRentalResourceKey), 'lots'],
    queryFn: () => call(longRentalEndpoints.lots),
  });

/** PUT updateLongRentalSpaceLeave/{id}: whether a long-rental car leaving frees its space for others. */
export const setLongRentalSpaceLeave = (lotId: string, longRentalSpaceLeave: boolean) =>
  call(parkingLotEndpoints.longRentalSpaceLeave, { params: { id: lotId }, body: { longRentalSpaceLeave } });
