import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { customerVehicle, vehicleOwnerOption, vehicleOwnerQuery } from './customer.schema.js';
import {
  vehicleAuthBatchInput,
  vehicleAuthListQuery,
  vehicleAuthPage,
  vehicleAuthPaths,
  vehicleAuthRejectInput,
  vehicleAuthRequest,
  vehicleAuthSubmitQuery,
  vehicleAuthVehicleQuery,
} from './vehicle-auth.schema.js';

const params = idParams('认证申请编号格式不正确');

export const vehicleAuthEndpoints = {
  ...listEndpoints(vehicleAuthPaths, vehicleAuthListQuery, vehicleAuthPage),
  detail: endpoint({ method: 'GET', path: vehicleAuthPaths.item, params, answer: vehicleAuthRequest }),
  /** 后台录入: what is asked in the query, the 行驶证 photo as multipart field `file` (read from the stream, not declared) */
  submit: endpoint({ method: 'POST', path: vehicleAuthPaths.list, query: vehicleAuthSubmitQuery, answer: vehicleAuthRequest }),
  photo: endpoint({ method: 'GET', path: vehicleAuthPaths.photo, params, answer: 'file' }),
  approve: endpoint({ method: 'POST', path: vehicleAuthPaths.approve, params, answer: vehicleAuthRequest }),
  reject: endpoint({ method: 'POST', path: vehicleAuthPaths.reject, params, body: vehicleAuthRejectInput, answer: vehicleAuthRequest }),
  batchApprove: endpoint({ method: 'POST', path: vehicleAuthPaths.batchApprove, body: vehicleAuthBatchInput, answer: z.array(vehicleAuthRequest) }),
  vehicles: endpoint({ method: 'GET', path: vehicleAuthPaths.vehicles, query: vehicleAuthVehicleQuery, answer: z.array(customerVehicle) }),
  owners: endpoint({ method: 'GET', path: vehicleAuthPaths.owners, query: vehicleOwnerQuery, answer: z.array(vehicleOwnerOption) }),
};
