import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, positions, users } from '../../db/schema/index.js';
import { tenantRow, insertId } from '../../shared/rows.js';

const organizationColumns = {
  id: organizations.id,
  parentId: organizations.parentId,
  name: organizations.name,
  code: organizations.code,
  sortCode: organizations.sortCode,
};

export type OrganizationRow = { id: string; parentId: string | null; name: string; code: string; sortCode: number };

/** Every organization of the tenant, in display order; a tenant has tens, not thousands. */
export const listOrganizations = (db: Db, tenantId: string): Promise<OrganizationRow[]> =>
  db.select(organizationColumns).from(organizations).where(eq(organizations.tenantId, tenantId)).orderBy(asc(organizations.sortCode), asc(organizations.name), asc(organizations.id));

export const findOrganization = async (db: Db, tenantId: string, id: string): Promise<OrganizationRow | undefined> => {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(tenantRow(organizations, tenantId, id))
    .limit(1);
  return row;
};

export const organizationCodeTaken = async (db: Db, tenantId: string, code: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.code, code), exceptId ? ne(organizations.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** What still hangs on an organization: child organizations, users and positions. */
export const organizationDependents = async (db: Db, tenantId: string, id: string) => {
  const [children] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.parentId, id)));
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.organizationId, id)));
  const [posts] = await db
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.organizationId, id)));
  return { children: Number(children?.n ?? 0), users: Number(members?.n ?? 0), positions: Number(posts?.n ?? 0) };
};

export type OrganizationRowValues = Omit<OrganizationRow, 'id'>;

export const insertOrganization = (db: Db, tenantId: string, values: OrganizationRowValues): Promise<string> => insertId(db, organizations, { tenantId, ...values });

export const updateOrganizationRow = (db: Db, tenantId: string, id: string, values: OrganizationRowValues) =>
  db
    .update(organizations)
    .set(values)
    .where(tenantRow(organizations, tenantId, id));

export const deleteOrganizationRow = (db: Db, tenantId: string, id: string) => db.delete(organizations).where(tenantRow(organizations, tenantId, id));
