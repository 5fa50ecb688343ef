export * from './revenue-report.schema.js';
export * from './revenue-report.endpoints.js';
