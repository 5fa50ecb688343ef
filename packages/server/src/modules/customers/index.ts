// The public face of customers: owners (车主) and their vehicles (车辆).
export { customerRoutes, customerVehicleRoutes } from './customer.routes.js';
export { asOwner, type OwnerContext } from './owner-session.service.js';
export { historyVisibleIn, ownerPlates, staysVisibleIn } from './owner-vehicle.service.js';
export { plateListRoutes } from './plate-list.routes.js';
export { whiteListWindows } from './plate-list.service.js';
export type { WhiteListWindow } from './plate-list.repository.js';
export { customerNotices, vehicleAuthPhotoJob, submitVehicleAuthentication, submitVehicleClaim, type SubmitVehicleAuthentication, type SubmitVehicleClaim } from './vehicle-auth.service.js';
export { phoneChangePhotoJob } from './phone-change.service.js';
