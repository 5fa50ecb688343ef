import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  customer,
  customerDetail,
  customerInput,
  customerListQuery,
  customerPage,
  customerPaths,
  customerStateInput,
  customerVehicle,
  customerVehiclePage,
  customerVehiclePaths,
  vehicleBindInput,
  vehicleListQuery,
  vehicleOwnerOption,
  vehicleOwnerQuery,
} from './customer.schema.js';

const customerId = idParams('车主编号格式不正确');
const vehicleId = idParams('车辆编号格式不正确');

export const customerEndpoints = {
  ...listEndpoints(customerPaths, customerListQuery, customerPage),
  detail: endpoint({ method: 'GET', path: customerPaths.item, params: customerId, answer: customerDetail }),
  create: endpoint({ method: 'POST', path: customerPaths.list, body: customerInput, answer: customer }),
  state: endpoint({ method: 'PUT', path: customerPaths.state, params: customerId, body: customerStateInput, answer: customer }),
};

export const customerVehicleEndpoints = {
  list: endpoint({ method: 'GET', path: customerVehiclePaths.list, query: vehicleListQuery, answer: customerVehiclePage }),
  bind: endpoint({ method: 'POST', path: customerVehiclePaths.bind, body: vehicleBindInput, answer: customerVehicle }),
  unbind: endpoint({ method: 'POST', path: customerVehiclePaths.unbind, params: vehicleId, answer: customerVehicle }),
  owners: endpoint({ method: 'GET', path: customerVehiclePaths.owners, query: vehicleOwnerQuery, answer: z.array(vehicleOwnerOption) }),
};
