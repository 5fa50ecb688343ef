import { reconciliationBatchEndpoints, reconciliationMistakeEndpoints, type ReconciliationResolveInput } from '@parking/contract';
import { call } from '../../shared/http/call';

/** Query-key roots of 对账 and 对账差错: resolving a mistake changes its batch's counts, so both are refreshed. */
export const reconciliationBatchKey = 'reconciliationBatch';
export const reconciliationMistakeKey = 'reconciliationMistake';

export const rerunReconciliation = (day: string) => call(reconciliationBatchEndpoints.rerun, { body: { day } });

export const resolveReconciliationMistake = (id: string, input: ReconciliationResolveInput) => call(reconciliationMistakeEndpoints.resolve, { params: { id }, body: input });

export const accountCheckMistakePath = (batchNo: string) => `/FinancialManagement/accountCheckMistake?batchNo=${encodeURIComponent(batchNo)}`;
