export * from './device.schema.js';
export * from './device-ingestion.schema.js';
export * from './screen.schema.js';
export * from './offline-task.schema.js';
export * from './lane-command.schema.js';
