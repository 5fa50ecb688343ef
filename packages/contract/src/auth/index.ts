export * from './auth.schema.js';
export * from './auth.routes.js';
