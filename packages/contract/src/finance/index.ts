export * from './invoice.schema.js';
export * from './invoice.endpoints.js';
export * from './reconciliation.schema.js';
export * from './reconciliation.endpoints.js';
export * from './revenue-report.schema.js';
export * from './revenue-report.endpoints.js';
