export * from './group.schema.js';
export * from './group-card.schema.js';
export * from './special-bill.schema.js';
