export * from './group.schema.js';
export * from './group-card.schema.js';
