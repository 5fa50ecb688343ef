export * from './tenancy.js';
export * from './identity.js';
export * from './messages.js';
export * from './audit.js';
export * from './parking.js';
export * from './secrets.js';
export * from './devices.js';
export * from './orders.js';
