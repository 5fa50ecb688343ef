import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/app-error.js';

/** The tenant's users among `ids`, id → real name; users of other tenants are simply absent. */
export const tenantUserNames = async (db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Refuses ids that are not users of the tenant, naming the role they were picked for. */
export const requireTenantUsers = async (db: Db, tenantId: string, ids: readonly string[], label: string) => {
  const found = await tenantUserNames(db, tenantId, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(`所选${label}不存在`);
};

export const namedUsers = (ids: readonly string[], names: Map<string, string>) =>
  ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
