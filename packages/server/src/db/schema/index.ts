export * from './tenancy.js';
export * from './identity.js';
