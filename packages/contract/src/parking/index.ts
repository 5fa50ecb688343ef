export * from './tariff.schema.js';
export * from './tariff.js';
export * from './tariff.examples.js';
export * from './area.schema.js';
export * from './lot.schema.js';
export * from './lane.schema.js';
export * from './space.schema.js';
export * from './tariff.api.js';
