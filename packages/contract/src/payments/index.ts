export * from './payment.schema.js';
export * from './refund.schema.js';
export * from './driver-pay.schema.js';
export * from './payment.endpoints.js';
export * from './refund.endpoints.js';
export * from './driver-pay.endpoints.js';
