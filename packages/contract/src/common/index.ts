export * from './envelope.js';
export * from './paging.js';
export * from './rules.js';
export * from './filters.js';
export * from './business-day.js';
export * from './text.js';
export * from './bounded-time.js';
export * from './endpoint.js';
