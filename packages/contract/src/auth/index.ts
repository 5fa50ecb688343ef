export * from './auth.schema.js';
export * from './auth.routes.js';
export * from './auth.endpoints.js';
