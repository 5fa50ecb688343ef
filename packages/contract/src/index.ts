export * from './common/index.js';
export * from './auth/index.js';
export * from './system/index.js';
export * from './messages/index.js';
export * from './parking/index.js';
export * from './base/index.js';
export * from './devices/index.js';
export * from './orders/index.js';
