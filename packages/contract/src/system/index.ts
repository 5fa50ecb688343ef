export * from './dictionary.schema.js';
