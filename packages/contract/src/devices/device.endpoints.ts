import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { device, deviceInput, deviceListQuery, deviceLotBindings, devicePage, devicePaths, deviceSecret, deviceWithSecret } from './device.schema.js';

const params = idParams('设备编号格式不正确');

export const deviceEndpoints = {
  ...listEndpoints(devicePaths, deviceListQuery, devicePage),
  /** what devices a lot still has, asked before deleting the lot */
  lotBindings: endpoint({ method: 'GET', path: devicePaths.lotBindings, params: idParams('停车场编号格式不正确'), answer: deviceLotBindings }),
  detail: endpoint({ method: 'GET', path: devicePaths.item, params, answer: device }),
  /** the secret is answered once, at creation */
  create: endpoint({ method: 'POST', path: devicePaths.list, body: deviceInput, answer: deviceWithSecret }),
  update: endpoint({ method: 'PUT', path: devicePaths.item, params, body: deviceInput, answer: device }),
  resetSecret: endpoint({ method: 'POST', path: devicePaths.resetSecret, params, answer: deviceSecret }),
  remove: endpoint({ method: 'DELETE', path: devicePaths.item, params, answer: z.null() }),
};
