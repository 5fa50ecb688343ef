export * from './activity.schema.js';
export * from './activity.endpoints.js';
export * from './data-view.schema.js';
export * from './data-view.endpoints.js';
export * from './operation-view.schema.js';
export * from './operation-view.endpoints.js';
export * from './new-data-view.schema.js';
export * from './new-data-view.endpoints.js';
