export * from './group.schema.js';
export * from './group-card.schema.js';
export * from './special-bill.schema.js';
export * from './group.endpoints.js';
export * from './group-card.endpoints.js';
export * from './special-bill.endpoints.js';
