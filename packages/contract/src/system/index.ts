export * from './dictionary.schema.js';
export * from './user.schema.js';
export * from './weather.schema.js';
export * from './operation-log.schema.js';
