import type { AuditTarget } from '@parking/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  devices,
  dictionaries,
  groupCards,
  groups,
  longRentals,
  menus,
  organizations,
  parkingAreas,
  parkingLanes,
  parkingLots,
  parkingRecords,
  parkingSpaces,
  positions,
  roles,
  tariffs,
  users,
} from '../../db/schema/index.js';

interface NamedTable {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  name: SQL<string> | PgColumn;
}

/**
 * Where the current name of a logged object is read, by kind. A kind missing here (a payment, a
 * message, a tenant) is named from its logged snapshot instead.
 */
const namedTables: Partial<Record<AuditTarget, NamedTable>> = {
  user: { table: users, id: users.id, tenantId: users.tenantId, name: sql<string>`coalesce(nullif(${users.realName}, ''), ${users.account})` },
  organization: { table: organizations, id: organizations.id, tenantId: organizations.tenantId, name: organizations.name },
  position: { table: positions, id: positions.id, tenantId: positions.tenantId, name: positions.name },
  role: { table: roles, id: roles.id, tenantId: roles.tenantId, name: roles.name },
  menu: { table: menus, id: menus.id, tenantId: menus.tenantId, name: menus.fullName },
  dictDetail: { table: dictionaries, id: dictionaries.id, tenantId: dictionaries.tenantId, name: dictionaries.label },
  parkingArea: { table: parkingAreas, id: parkingAreas.id, tenantId: parkingAreas.tenantId, name: parkingAreas.name },
  parkingLot: { table: parkingLots, id: parkingLots.id, tenantId: parkingLots.tenantId, name: parkingLots.name },
  parkingLane: { table: parkingLanes, id: parkingLanes.id, tenantId: parkingLanes.tenantId, name: parkingLanes.name },
  parkingSpace: { table: parkingSpaces, id: parkingSpaces.id, tenantId: parkingSpaces.tenantId, name: parkingSpaces.number },
  tariff: { table: tariffs, id: tariffs.id, tenantId: tariffs.tenantId, name: tariffs.name },
  longRental: { table: longRentals, id: longRentals.id, tenantId: longRentals.tenantId, name: longRentals.plateNumber },
  device: { table: devices, id: devices.id, tenantId: devices.tenantId, name: devices.sn },
  group: { table: groups, id: groups.id, tenantId: groups.tenantId, name: groups.name },
  groupCard: { table: groupCards, id: groupCards.id, tenantId: groupCards.tenantId, name: groupCards.cardNo },
  parkingRecord: { table: parkingRecords, id: parkingRecords.id, tenantId: parkingRecords.tenantId, name: parkingRecords.plateNumber },
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The current names of the given objects, one query per kind, read only within the tenant: an id
 * of another tenant (or one that is not an id at all) is simply not named.
 */
export const findObjectNames = async (db: Db, tenantId: string, wanted: ReadonlyMap<AuditTarget, ReadonlySet<string>>): Promise<Map<string, string>> => {
  const names = new Map<string, string>();
  for (const [kind, ids] of wanted) {
    const named = namedTables[kind];
    const valid = [...ids].filter((id) => uuidPattern.test(id));
    if (!named || valid.length === 0) continue;
    const rows = await db
      .select({ id: sql<string>`${named.id}::text`, name: sql<string>`${named.name}` })
      .from(named.table)
      .where(and(eq(named.tenantId, tenantId), inArray(named.id, valid)));
    for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
  }
  return names;
};
