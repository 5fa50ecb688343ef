/**
 * The orders module's public face: where a record's 详情 lives, the key under which records are
 * cached, and the detail page that app/ completes with what payments and recovery add to a record.
 */
export { parkingRecordDetailPath } from './record-paths';
export { parkingRecordResourceKey } from './orders-api';
export { ParkingRecordDetailPage } from './pages/parking-record-detail-page';
