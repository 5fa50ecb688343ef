export * from './activity.schema.js';
export * from './activity.endpoints.js';
