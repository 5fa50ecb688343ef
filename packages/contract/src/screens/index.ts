export * from './activity.schema.js';
