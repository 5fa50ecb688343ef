import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import {
  merchant,
  merchantInput,
  merchantLedgerEntry,
  merchantLedgerInput,
  merchantLedgerListQuery,
  merchantLedgerPage,
  merchantListQuery,
  merchantOptions,
  merchantOptionsQuery,
  merchantPage,
  merchantPaths,
} from './merchant.schema.js';

const params = idParams('商户编号格式不正确');

export const merchantEndpoints = {
  ...listEndpoints(merchantPaths, merchantListQuery, merchantPage),
  options: endpoint({ method: 'GET', path: merchantPaths.options, query: merchantOptionsQuery, answer: merchantOptions }),
  ...itemEndpoints(merchantPaths, { params, body: merchantInput, answer: merchant }),
  /** 充值 or 调整: one ledger line, the balance moved with it */
  ledgerEntry: endpoint({ method: 'POST', path: merchantPaths.ledgerEntry, params, body: merchantLedgerInput, answer: merchantLedgerEntry }),
  ledger: endpoint({ method: 'GET', path: merchantPaths.ledger, query: merchantLedgerListQuery, answer: merchantLedgerPage }),
  ledgerExport: endpoint({ method: 'GET', path: merchantPaths.ledgerExport, query: merchantLedgerListQuery, answer: 'file' }),
};
