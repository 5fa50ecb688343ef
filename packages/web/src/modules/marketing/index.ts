/**
 * The marketing module's public face: the 集团卡 box of a record's 详情, and the calls the drivers'
 * 集团卡 and 特殊账单 phone pages make.
 */
export { RecordCoupons } from './components/record-coupons';
export { RecordGroupCard } from './components/record-group-card';
export { groupCardOpenApi, specialBillOpenApi } from './open-api';
