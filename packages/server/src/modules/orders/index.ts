/**
 * The orders module's public face: the record core (the record's states, the one quote of a stay,
 * the one writer of records) and what other modules may read of records. Other modules import
 * orders only from here, never its files.
 */
export { orderWarningRoutes } from './order-warning.routes.js';
export { parkingRecordRoutes } from './parking-record.routes.js';
export { recordEditAuditRoutes } from './record-edit-audit.routes.js';
export { vehicleEventRoutes } from './vehicle-event.routes.js';

export { nextState, recordEvents, takesMove, type MoveFacts, type RecordEvent } from './record-state.js';
export { changeRecord, lockRecord, moneyFault, planRecordChange, RecordMoneyError, type ExitPlace, type RecordMoney, type RecordValues } from './record-store.js';
export { applyRecordCorrection, snapshotOf, type RecordCorrectionKind } from './record-correction.js';
export { closePaidPastGrace, moveOverdueToArrears, moveRecordsWithTime, recordClockJob } from './record-clock.job.js';
export { applyRetention, recordRetentionJob } from './record-retention.job.js';
export { leavesWithinGrace, paidGrace, type PaidGrace } from './paid-grace.js';
export { priceStay, priceWith, stayFeeWithCut, whiteListedStay, type PricedStay, type StayBound } from './stay-price.js';
export { findLotKind, findOpenStay, findRecord, holdsLongRental, type ParkingRecordRow } from './parking-record.repository.js';
export { exportParkingRecords, getParkingRecord, listParkingRecords } from './parking-record.service.js';
export { discountKinds, noBenefits, quoteStay, type DiscountKinds, type StayBenefits, type StayMoney } from './stay-quote.js';
export { receiveVehicleEvent, receiveVehicleEvents, type VehicleEventCall, type VehicleEventOutcome } from './vehicle-event.service.js';
