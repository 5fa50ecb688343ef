export * from './reconciliation.schema.js';
export * from './reconciliation.endpoints.js';
