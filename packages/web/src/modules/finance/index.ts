/** The finance module's public face: the drivers' 开票 phone pages call the owner's side of 开票记录. */
export { ownerInvoiceApi } from './invoice-api';
