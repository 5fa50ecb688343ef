import { parkingRecordEndpoints, type ParkingRecordPhotoKind } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key root of 停车记录, shared by the list and the detail page. */
export const parkingRecordResourceKey = 'parkingRecord';

export const useParkingRecordDetail = (id: string) =>
  useQuery({
    queryKey: resourceKeys.detail(parkingRecordResourceKey, id),
    queryFn: () => call(parkingRecordEndpoints.detail, { params: { id } }),
  });

/** The photo endpoint wants the Authorization header, which an <img src> cannot send: fetch it as a blob instead. */
export const fetchParkingRecordPhoto = (id: string, which: ParkingRecordPhotoKind): Promise<Blob> => call(parkingRecordEndpoints.photo, { params: { id, which }, silent: true });
