export * from './envelope.js';
export * from './paging.js';
