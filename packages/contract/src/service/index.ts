export * from './reviewed-stay.schema.js';
export * from './service-photo.schema.js';
export * from './complaint.schema.js';
export * from './complaint.endpoints.js';
export * from './appeal.schema.js';
export * from './appeal.endpoints.js';
