export * from './payment.schema.js';
export * from './refund.schema.js';
