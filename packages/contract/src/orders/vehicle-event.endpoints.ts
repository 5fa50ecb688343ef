import { endpoint } from '../common/endpoint.js';
import { deviceSignatureHeaders } from '../devices/device-ingestion.endpoints.js';
import { vehicleEventInput, vehicleEventPath, vehicleEventResult } from './vehicle-event.schema.js';

/** Reported by lane cameras and space sensors, signed like a heartbeat. */
export const vehicleEventEndpoints = {
  report: endpoint({ method: 'POST', path: vehicleEventPath, headers: deviceSignatureHeaders, body: vehicleEventInput, answer: vehicleEventResult }),
};
