export * from './recovery-record.schema.js';
export * from './arrears.schema.js';
export * from './recovery-record.endpoints.js';
export * from './arrears.endpoints.js';
