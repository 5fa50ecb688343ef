import type { Organization, OrganizationValues, OrganizationNode } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { nestRows, wouldCycle } from './identity-tree.js';
import { recordOperation } from './operation-log.service.js';
import {
  deleteOrganizationRow,
  findOrganization,
  insertOrganization,
  listOrganizations,
  organizationCodeTaken,
  organizationDependents,
  updateOrganizationRow,
  type OrganizationRow,
} from './organization.repository.js';

type Input = OrganizationValues;

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  code: row.code,
  sortCode: row.sortCode,
});

export const organizationTree = async (db: Db, auth: AuthContext): Promise<OrganizationNode[]> =>
  nestRows(await listOrganizations(db, auth.tenantId), (row, children: OrganizationNode[]) => ({ ...toOrganization(row), children }));

export const getOrganization = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findOrganization(db, auth.tenantId, id);
  if (!row) throw notFound('组织不存在或已删除');
  return toOrganization(row);
};

/** The parent must be the tenant's own, and never the organization itself or one below it. */
const checkParent = async (db: Db, tenantId: string, input: Input, id?: string) => {
  if (input.parentId === null) return;
  const all = await listOrganizations(db, tenantId);
  if (!all.some((o) => o.id === input.parentId)) throw badRequest('所选上级组织不存在');
  if (id && wouldCycle(all, id, input.parentId)) throw badRequest('上级组织不能是本组织或其下级组织');
};

const ensureUniqueCode = async (db: Db, tenantId: string, code: string, exceptId?: string) => {
  if (await organizationCodeTaken(db, tenantId, code, exceptId)) throw conflict(`组织编码「${code}」已存在`, 'code');
};

const organizationValues = (input: Input) => ({ parentId: input.parentId, name: input.name, code: input.code, sortCode: input.sortCode });

export const createOrganization = async (db: Db, auth: AuthContext, input: Input) => {
  await ensureUniqueCode(db, auth.tenantId, input.code);
  await checkParent(db, auth.tenantId, input);
  const id = await insertOrganization(db, auth.tenantId, organizationValues(input));
  const created = await getOrganization(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'organization',
    targetId: created.id,
    summary: `新增组织「${created.name}」`,
    after: created,
  });
  return created;
};

export const updateOrganization = async (db: Db, auth: AuthContext, id: string, input: Input) => {
  const before = await getOrganization(db, auth, id);
  await ensureUniqueCode(db, auth.tenantId, input.code, id);
  await checkParent(db, auth.tenantId, input, id);
  await updateOrganizationRow(db, auth.tenantId, id, organizationValues(input));
  const after = await getOrganization(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'organization',
    targetId: id,
    summary: `修改组织「${after.name}」`,
    before,
    after,
  });
  return after;
};

export const deleteOrganization = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getOrganization(db, auth, id);
  const dependents = await organizationDependents(db, auth.tenantId, id);
  if (dependents.children > 0) throw badRequest(`组织「${before.name}」下还有${dependents.children}个下级组织，不能删除`);
  if (dependents.users > 0) throw badRequest(`组织「${before.name}」下还有${dependents.users}个用户，不能删除`);
  if (dependents.positions > 0) throw badRequest(`组织「${before.name}」下还有${dependents.positions}个岗位，不能删除`);
  await deleteOrganizationRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'organization',
    targetId: id,
    summary: `删除组织「${before.name}」`,
    before,
  });
};
