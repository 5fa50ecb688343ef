import { customerEndpoints, customerVehicleEndpoints, type VehicleBindInput } from '@parking/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callEnvelope } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots: binding or unbinding a vehicle changes an owner's 绑定车辆数, so both are refreshed. */
export const customerResourceKey = 'customer';
export const vehicleResourceKey = 'customerVehicle';

/** 启用 / 停用 an owner. */
export const setCustomerEnabled = (id: string, enabled: boolean) => call(customerEndpoints.state, { params: { id }, body: { enabled } });

/** 绑定车辆: refused fields (the plate, the owner's five vehicles) come back for the form to place. */
export const bindVehicle = async (body: VehicleBindInput) => (await callEnvelope(customerVehicleEndpoints.bind, { body, placesFields: true })).msg;

/** 解绑: the vehicle stays in the list as 已解绑. */
export const unbindVehicle = async (id: string) => (await callEnvelope(customerVehicleEndpoints.unbind, { params: { id } })).msg;

/** One owner with every vehicle, for 详情. */
export const useCustomerDetail = (id: string) =>
  useQuery({
    queryKey: resourceKeys.detail(customerResourceKey, id),
    queryFn: () => call(customerEndpoints.detail, { params: { id } }),
  });

/** The first owners whose phone holds the digits typed, for the 绑定车辆 owner picker (车辆's own lookup: no 车主 page needed). */
export const useCustomerPhoneOptions = (phone: string) =>
  useQuery({
    queryKey: [...resourceKeys.all(customerResourceKey), 'options', phone],
    queryFn: () => call(customerVehicleEndpoints.owners, { query: { phone: phone || undefined } }),
    placeholderData: keepPreviousData,
  });
