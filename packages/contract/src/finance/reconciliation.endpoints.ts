import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import {
  reconciliationBatch,
  reconciliationBatchListQuery,
  reconciliationBatchPage,
  reconciliationBatchPaths,
  reconciliationMistake,
  reconciliationMistakeListQuery,
  reconciliationMistakePage,
  reconciliationMistakePaths,
  reconciliationRerunInput,
  reconciliationResolveInput,
} from './reconciliation.schema.js';

export const reconciliationBatchEndpoints = {
  ...listEndpoints(reconciliationBatchPaths, reconciliationBatchListQuery, reconciliationBatchPage),
  rerun: endpoint({ method: 'POST', path: reconciliationBatchPaths.rerun, body: reconciliationRerunInput, answer: z.array(reconciliationBatch) }),
};

export const reconciliationMistakeEndpoints = {
  ...listEndpoints(reconciliationMistakePaths, reconciliationMistakeListQuery, reconciliationMistakePage),
  resolve: endpoint({
    method: 'POST',
    path: reconciliationMistakePaths.resolve,
    params: idParams('对账差错编号格式不正确'),
    body: reconciliationResolveInput,
    answer: reconciliationMistake,
  }),
};
