export * from './event-rules.schema.js';
export * from './parking-record.schema.js';
export * from './record-edit-audit.schema.js';
export * from './vehicle-event.schema.js';
export * from './order-warning.schema.js';
export * from './lot-event-rules.api.js';
