export * from './invoice.schema.js';
export * from './invoice.endpoints.js';
