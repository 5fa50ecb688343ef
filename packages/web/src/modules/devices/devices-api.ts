import {
  deviceEndpoints,
  parkingLotEndpoints,
  screenEndpoints,
  type Device,
  type DeviceInput,
  type DeviceParkingType,
  type DeviceWithSecret,
  type ScreenMessageInput,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots shared with the resources, so a write here refreshes their lists. */
export const deviceResourceKey = 'device';
export const screenResourceKey = 'screen';

/** The enabled lots of one parking type (路内: road-side lots, type 0; 路外: the rest), for pickers. */
export const useDeviceLotOptions = (parkingType: DeviceParkingType | undefined) =>
  useQuery({
    queryKey: ['parkingLot', 'options', 'enabled'],
    queryFn: () => call(parkingLotEndpoints.options, { query: { currentPage: 1, pageSize: 1000, enabledmark: 1 } }),
    select: (page) => page.list.filter((lot) => parkingType === undefined || (parkingType === 0) === (lot.type === 0)).map((lot) => ({ value: lot.id, label: lot.name })),
    staleTime: 30_000,
  });

/** The lanes and spaces of the chosen lot, for binding a device to one of them. */
export const useLotBindings = (lotId: string | null | undefined) =>
  useQuery({
    queryKey: [deviceResourceKey, 'lotBindings', lotId],
    queryFn: () => call(deviceEndpoints.lotBindings, { params: { id: lotId! } }),
    enabled: Boolean(lotId),
  });

export interface DeviceSave {
  id?: string;
  body: DeviceInput;
}

/** 新增 answers the device with its secret (shown once); 编辑 answers the device. */
export const useDeviceSave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: DeviceSave): Promise<Device | DeviceWithSecret> =>
      id === undefined ? call(deviceEndpoints.create, { body }) : call(deviceEndpoints.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(deviceResourceKey) }),
  });
};

export const resetDeviceSecret = (id: string) => call(deviceEndpoints.resetSecret, { params: { id } });

export const useScreenSend = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScreenMessageInput) => call(screenEndpoints.send, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(screenResourceKey) }),
  });
};
