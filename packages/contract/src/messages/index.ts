export * from './messages.schema.js';
export * from './messages.endpoints.js';
