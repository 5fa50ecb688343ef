import { z } from 'zod';
import { endpoint, idParams, itemEndpoints } from '../common/endpoint.js';
import { organization, organizationInput, organizationNode, organizationPaths } from './organization.schema.js';

export const organizationEndpoints = {
  tree: endpoint({ method: 'GET', path: organizationPaths.list, answer: z.array(organizationNode) }),
  ...itemEndpoints(organizationPaths, { params: idParams('组织编号格式不正确'), body: organizationInput, answer: organization }),
};
