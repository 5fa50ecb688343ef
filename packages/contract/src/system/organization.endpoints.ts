import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import { organization, organizationInput, organizationNode, organizationPaths } from './organization.schema.js';

const params = idParams('组织编号格式不正确');

export const organizationEndpoints = {
  tree: endpoint({ method: 'GET', path: organizationPaths.list, answer: z.array(organizationNode) }),
  detail: endpoint({ method: 'GET', path: organizationPaths.item, params, answer: organization }),
  create: endpoint({ method: 'POST', path: organizationPaths.list, body: organizationInput, answer: organization }),
  update: endpoint({ method: 'PUT', path: organizationPaths.item, params, body: organizationInput, answer: organization }),
  remove: endpoint({ method: 'DELETE', path: organizationPaths.item, params, answer: z.null() }),
};
