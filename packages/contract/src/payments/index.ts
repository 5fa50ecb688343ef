export * from './payment.schema.js';
export * from './refund.schema.js';
export * from './driver-pay.schema.js';
