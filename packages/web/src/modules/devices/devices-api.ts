import {
  devicePaths,
  parkingLotPaths,
  screenPaths,
  type Device,
  type DeviceLotBindings,
  type DeviceParkingType,
  type DeviceWithSecret,
  type Paged,
  type ParkingLotOption,
  type ScreenMessage,
  type ScreenMessageInput,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots shared with the resources, so a write here refreshes their lists. */
export const deviceResourceKey = 'device';
export const screenResourceKey = 'screen';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The enabled lots of one parking type (路内: road-side lots, type 0; 路外: the rest), for pickers. */
export const useDeviceLotOptions = (parkingType: DeviceParkingType | undefined) =>
  useQuery({
    queryKey: ['parkingLot', 'options', 'enabled'],
    queryFn: () => requestData<Paged<ParkingLotOption>>({ method: 'GET', url: parkingLotPaths.options, params: { currentPage: 1, pageSize: 1000, enabledmark: 1 } }),
    select: (page) =>
      page.list
        .filter((lot) => parkingType === undefined || (parkingType === 0) === (lot.type === 0))
        .map((lot) => ({ value: lot.id, label: lot.name })),
    staleTime: 30_000,
  });

/** The lanes and spaces of the chosen lot, for binding a device to one of them. */
export const useLotBindings = (lotId: string | null | undefined) =>
  useQuery({
    queryKey: [deviceResourceKey, 'lotBindings', lotId],
    queryFn: () => requestData<DeviceLotBindings>({ method: 'GET', url: withId(devicePaths.lotBindings, lotId!) }),
    enabled: Boolean(lotId),
  });

export interface DeviceSave {
  id?: string;
  body: Record<string, unknown>;
}

/** 新增 answers the device with its secret (shown once); 编辑 answers the device. */
export const useDeviceSave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: DeviceSave): Promise<Device | DeviceWithSecret> =>
      id === undefined
        ? requestData<DeviceWithSecret>({ method: 'POST', url: devicePaths.list, data: body })
        : requestData<Device>({ method: 'PUT', url: withId(devicePaths.item, id), data: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(deviceResourceKey) }),
  });
};

export const resetDeviceSecret = (id: string) => requestData<{ secret: string }>({ method: 'POST', url: withId(devicePaths.resetSecret, id) });

export const useScreenSend = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScreenMessageInput) => requestData<ScreenMessage>({ method: 'POST', url: screenPaths.send, data: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(screenResourceKey) }),
  });
};
