/**
 * The recovery (联合追缴) module's public face: its routes, and the recovery record a payment of a
 * stay in arrears writes with it and a voided payment removes. Other modules import recovery only from here.
 */
export { recoveryRecordRoutes } from './recovery-record.routes.js';
export { arrearsRoutes } from './arrears.routes.js';
export { recordRecoveryOf, voidRecoveryOf } from './recovery-record.service.js';
