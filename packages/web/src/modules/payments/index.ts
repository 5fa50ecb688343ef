/**
 * The payments module's public face: what a record's 详情 shows of its payments (收款二维码, the
 * payment list), and the calls the drivers' 扫码出场 and 订单详情 phone pages make.
 */
export { PayQrCodeButton, takesPhonePayment } from './components/pay-qr-code-button';
export { RecordPayments } from './components/record-payments';
export { driverPayApi, goToCashier } from './driver-pay-api';
