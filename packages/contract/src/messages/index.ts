export * from './messages.schema.js';
