export * from './recovery-record.schema.js';
export * from './unpaid-order.schema.js';
