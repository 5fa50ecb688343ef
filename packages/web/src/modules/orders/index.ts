/**
 * The orders module's public face: where a record's 详情 lives, the key under which records are
 * cached, a corrected field as staff read it, and the detail page that app/ completes with what
 * payments, recovery and service add to a record.
 */
export { editFieldText } from './components/record-edit-changes';
export { parkingRecordDetailPath, parkingRecordPermission } from './record-paths';
export { useMayOpenRecord } from './use-may-open-record';
export { parkingRecordResourceKey } from './orders-api';
export { ParkingRecordDetailPage } from './pages/parking-record-detail-page';
