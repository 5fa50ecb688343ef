export * from './region.schema.js';
export * from './region.endpoints.js';
