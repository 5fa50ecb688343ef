import { parkingRecordPaths, type ParkingRecordDetail, type ParkingRecordPhotoKind } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { http, requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key root of 停车记录, shared by the list and the detail page. */
export const parkingRecordResourceKey = 'parkingRecord';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const parkingRecordPhotoUrl = (id: string, which: ParkingRecordPhotoKind) => withId(parkingRecordPaths.photo, id).replace(':which', which);

export const useParkingRecordDetail = (id: string) =>
  useQuery({
    queryKey: resourceKeys.detail(parkingRecordResourceKey, id),
    queryFn: () => requestData<ParkingRecordDetail>({ method: 'GET', url: withId(parkingRecordPaths.item, id) }),
  });

/** The photo endpoint wants the Authorization header, which an <img src> cannot send: fetch it as a blob instead. */
export const fetchParkingRecordPhoto = async (id: string, which: ParkingRecordPhotoKind): Promise<Blob> => {
  const response = await http.request<Blob>({ method: 'GET', url: parkingRecordPhotoUrl(id, which), responseType: 'blob', silent: true });
  return response.data;
};
