export * from './dictionary.schema.js';
export * from './user.schema.js';
export * from './weather.schema.js';
export * from './operation-log.schema.js';
export * from './organization.schema.js';
export * from './position.schema.js';
export * from './role.schema.js';
export * from './menu-admin.schema.js';
