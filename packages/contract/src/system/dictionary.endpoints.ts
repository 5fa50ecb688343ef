import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { pagedList } from '../common/paging.js';
import { dictDetail, dictDetailInput, dictDetailQuery, dictionaryPaths } from './dictionary.schema.js';

const params = idParams('字典项编号格式不正确');

export const dictionaryEndpoints = {
  list: endpoint({ method: 'GET', path: dictionaryPaths.list, query: dictDetailQuery, answer: pagedList(dictDetail) }),
  create: endpoint({ method: 'POST', path: dictionaryPaths.list, body: dictDetailInput, answer: dictDetail }),
  update: endpoint({ method: 'PUT', path: dictionaryPaths.item, params, body: dictDetailInput, answer: dictDetail }),
  remove: endpoint({ method: 'DELETE', path: dictionaryPaths.item, params, answer: z.null() }),
};
