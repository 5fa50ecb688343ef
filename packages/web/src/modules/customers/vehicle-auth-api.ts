import { vehicleAuthEndpoints, vehicleAuthPaths, type Envelope, type VehicleAuthRejectInput, type VehicleAuthRequest, type VehicleAuthSubmitQuery } from '@parking/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../shared/http/call';
import { http } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';
import { customerResourceKey, vehicleResourceKey } from './customers-api';

/** Query-key root of 车辆认证审核: the list, one request and its photo. */
export const vehicleAuthResourceKey = 'vehicleAuth';

export const useVehicleAuth = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(vehicleAuthResourceKey, id ?? ''),
    // a message may point at a request that is gone or foreign: the page says so itself, without a pop-up
    queryFn: () => call(vehicleAuthEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: Boolean(id),
  });

/** The 行驶证 photo, fetched with the signed-in token (it is never at a public address). */
export const useVehicleAuthPhoto = (id: string, present: boolean) =>
  useQuery({
    queryKey: [vehicleAuthResourceKey, 'photo', id],
    queryFn: () => call(vehicleAuthEndpoints.photo, { params: { id }, silent: true }),
    enabled: present,
    retry: false,
    staleTime: Infinity,
  });

/** A decision changes the requests, the vehicles (their states) and the owners (a claim moves a plate). */
const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([vehicleAuthResourceKey, vehicleResourceKey, customerResourceKey].map((key) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) })));
};

export const useApproveVehicleAuth = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => (await callEnvelope(vehicleAuthEndpoints.approve, { params: { id } })).msg,
    onSuccess: invalidate,
  });
};

export const useRejectVehicleAuth = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: VehicleAuthRejectInput }) => (await callEnvelope(vehicleAuthEndpoints.reject, { params: { id }, body })).msg,
    onSuccess: invalidate,
  });
};

export const useBatchApproveVehicleAuths = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) => call(vehicleAuthEndpoints.batchApprove, { body: { ids } }),
    // a refused batch changed nothing, but the list may be stale: that is why it was refused
    onSettled: invalidate,
  });
};

/** 后台录入: what is asked in the query, the 行驶证 photo as multipart field `file`; answers the server's words. */
export const useSubmitVehicleAuth = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ query, photo }: { query: VehicleAuthSubmitQuery; photo: File }) => {
      const body = new FormData();
      body.append('file', photo);
      // axios would turn FormData into JSON under the client's default JSON content type
      const response = await http.post<Envelope<VehicleAuthRequest>>(vehicleAuthPaths.list, body, { params: query, headers: { 'Content-Type': 'multipart/form-data' } });
      return response.data;
    },
    onSuccess: invalidate,
  });
};

/** 后台录入's vehicle picker: bound vehicles whose plate holds what was typed. */
export const useVehicleAuthVehicleOptions = (plateNumber: string) =>
  useQuery({
    queryKey: [vehicleAuthResourceKey, 'vehicles', plateNumber],
    queryFn: () => call(vehicleAuthEndpoints.vehicles, { query: { plateNumber: plateNumber || undefined } }),
    placeholderData: keepPreviousData,
  });

/** 后台录入's owner picker for a 过户申诉: owners whose phone holds the digits typed. */
export const useVehicleAuthOwnerOptions = (phone: string) =>
  useQuery({
    queryKey: [vehicleAuthResourceKey, 'owners', phone],
    queryFn: () => call(vehicleAuthEndpoints.owners, { query: { phone: phone || undefined } }),
    placeholderData: keepPreviousData,
  });
