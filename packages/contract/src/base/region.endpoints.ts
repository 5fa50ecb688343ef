import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { regionAddressMatch, regionChildrenQuery, regionCodeByAddressQuery, regionNode, regionPaths } from './region.schema.js';

export const regionEndpoints = {
  codeByAddress: endpoint({ method: 'GET', path: regionPaths.codeByAddress, query: regionCodeByAddressQuery, answer: regionAddressMatch }),
  children: endpoint({ method: 'GET', path: regionPaths.children, query: regionChildrenQuery, answer: z.array(regionNode) }),
};
