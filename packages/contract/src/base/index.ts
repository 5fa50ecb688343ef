export * from './region.schema.js';
