import {
  longRentalPaths,
  lotEventRulesPaths,
  type LotEventRules,
  parkingAreaPaths,
  parkingLotPaths,
  type ParkingLotKind,
  userPaths,
  type LongRentalLot,
  type ParkingArea,
  type ParkingLotBindings,
  type ParkingLotFilter,
  type ParkingLotOption,
  type ParkingLotSum,
  type Paged,
} from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots, shared with the resources so a save there refreshes the pickers and the sum here. */
export const parkingAreaResourceKey = 'parkingArea';
export const parkingLotResourceKey = 'parkingLot';
export const parkingLaneResourceKey = 'parkingLane';
export const parkingSpaceResourceKey = 'parkingSpace';
export const longRentalResourceKey = 'longRental';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export interface UserOption {
  id: string;
  account: string;
  realName: string;
}

/** The tenant's enabled users, for the inspector and manager pickers. */
export const useUserOptions = () =>
  useQuery({
    queryKey: ['systemUser', 'selector'],
    queryFn: () => requestData<UserOption[]>({ method: 'GET', url: userPaths.selector }),
    staleTime: 60_000,
  });

/** Every area, for the lot form and the lot filter (areas per tenant are few: one page of 1000). */
export const useAreaOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingAreaResourceKey), 'options'],
    queryFn: () =>
      requestData<Paged<ParkingArea>>({ method: 'GET', url: parkingAreaPaths.list, params: { currentPage: 1, pageSize: 1000, sidx: 'name', sort: 'asc' } }),
    select: (page) => page.list.map((area) => ({ value: area.id, label: area.name, enabled: area.enabled })),
  });

/** GET sum with the list's filters: the strip above the lot table. */
export const useLotSum = (filters: ParkingLotFilter) =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingLotResourceKey), 'sum', filters],
    queryFn: () => requestData<ParkingLotSum>({ method: 'GET', url: parkingLotPaths.sum, params: filters }),
  });

/** GET bindIf/{id}: what still hangs on a lot, asked before deleting it. */
export const fetchLotBindings = (id: string) => requestData<ParkingLotBindings>({ method: 'GET', url: withId(parkingLotPaths.bindIf, id) });

/** PUT freecnt/{id}: the operator's correction of a lot's free count. */
export const correctFreeCount = (id: string, freeCount: number) =>
  requestData<unknown>({ method: 'PUT', url: withId(parkingLotPaths.freeCount, id), data: { freeCount } });

/** 事件规则 of a lot, with the defaults filled in for the rules never set. */
export const fetchLotEventRules = (id: string) => requestData<LotEventRules>({ method: 'GET', url: withId(lotEventRulesPaths.item, id) });
export const lotEventRulesKey = (id: string) => [...resourceKeys.all(parkingLotResourceKey), 'eventRules', id] as const;

/** PUT EventRules: the whole set of rules; the server answers them as saved. */
export const saveLotEventRules = (id: string, rules: LotEventRules) =>
  requestData<LotEventRules>({ method: 'PUT', url: withId(lotEventRulesPaths.item, id), data: rules });

/** The spec's parking list call: every enabled lot, or only the lane-based or space-based ones. */
export const useLotOptions = (kind?: ParkingLotKind) =>
  useQuery({
    queryKey: [...resourceKeys.all(parkingLotResourceKey), 'options', kind ?? 'all'],
    queryFn: () =>
      requestData<Paged<ParkingLotOption>>({
        method: 'GET',
        url: parkingLotPaths.options,
        params: kind ? { type: kind === 'lane' ? 1 : 0 } : {},
      }),
    select: (page) => page.list,
  });

/** GET LongRental/lots: per lot, its long-rental spaces, the cards in force and the space-leave flag. */
export const useLongRentalLots = () =>
  useQuery({
    queryKey: [...resourceKeys.all(longRentalResourceKey), 'lots'],
    queryFn: () => requestData<LongRentalLot[]>({ method: 'GET', url: longRentalPaths.lots }),
  });

/** PUT updateLongRentalSpaceLeave/{id}: whether a long-rental car leaving frees its space for others. */
export const setLongRentalSpaceLeave = (lotId: string, longRentalSpaceLeave: boolean) =>
  requestData<unknown>({ method: 'PUT', url: withId(parkingLotPaths.longRentalSpaceLeave, lotId), data: { longRentalSpaceLeave } });
