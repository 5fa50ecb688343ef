// The public face of devices: the console's device pages, the signed calls devices make, and the
// lane commands a paid exit queues for its barrier.
export { deviceIngestionRoutes } from './device-ingestion.routes.js';
export { deviceRoutes } from './device.routes.js';
export { laneCommandRoutes } from './lane-command.routes.js';
export { offlineTaskRoutes } from './offline-task.routes.js';
export { screenRoutes } from './screen.routes.js';
export { deviceOfflineJob } from './device-offline.job.js';

export { authenticateDeviceCall, nonceOf, refuseReplay, ReplayedNonceError, type RefusalLogger, type SignedCall } from './device-ingestion.service.js';
export { keepRawJsonBody, signatureHeaders, signedCallOf } from './device-signed-call.js';
export { postDeviceCall, signDeviceCall, type DeviceCredentials } from './device-client.js';
export { queueLaneCommand } from './lane-command.service.js';
export type { DeviceRow } from './device.repository.js';
// read by 视频监控: which lots' devices a user may see
export { heldParkingTypes } from './device-access.js';
