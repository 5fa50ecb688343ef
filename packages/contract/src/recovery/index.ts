export * from './recovery-record.schema.js';
export * from './unpaid-order.schema.js';
export * from './recovery-record.endpoints.js';
export * from './unpaid-order.endpoints.js';
