import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { CustomerListValues, CustomerSource, VehicleBindingState, VehicleListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { customers, customerVehicles } from '../../db/schema/index.js';
import { containing, containsPattern } from '../../shared/like-pattern.js';
import { countOf, countRows, pageRows, type Page } from '../../shared/paging.js';
import { insertId, tenantRow } from '../../shared/rows.js';

export type CustomerFilter = Omit<CustomerListValues, 'currentPage' | 'pageSize' | 'registeredFrom' | 'registeredTo'> & {
  /** the registered range as moments: from included, until excluded */
  registeredSince?: Date;
  registeredUntil?: Date;
};
export type CustomerRow = { customer: typeof customers.$inferSelect; vehicleCount: number };
export type VehicleRow = { vehicle: typeof customerVehicles.$inferSelect; customerPhone: string };

// correlated on the outer row by its full name: drizzle leaves a single-table select's columns unqualified
const vehicleCount = sql<string>`(select count(*) from customer_vehicles v where v.tenant_id = "customers"."tenant_id" and v.customer_id = "customers"."id" and v.state <> 'unbound')`;
const customerColumns = { customer: customers, vehicleCount };
const toCustomerRow = (r: { customer: typeof customers.$inferSelect; vehicleCount: string | number }): CustomerRow => ({ customer: r.customer, vehicleCount: Number(r.vehicleCount) });

const customerConditions = (tenantId: string, filter: CustomerFilter): SQL | undefined =>
  and(
    eq(customers.tenantId, tenantId),
    containing(filter.phone, customers.phone),
    filter.plateNumber
      ? sql`exists (select 1 from customer_vehicles v where v.tenant_id = "customers"."tenant_id" and v.customer_id = "customers"."id" and v.state <> 'unbound' and v.plate_number ilike ${containsPattern(filter.plateNumber)})`
      : undefined,
    filter.enabled === undefined ? undefined : eq(customers.enabled, filter.enabled === 1),
    filter.registeredSince ? gte(customers.registeredAt, filter.registeredSince) : undefined,
    filter.registeredUntil ? lt(customers.registeredAt, filter.registeredUntil) : undefined,
  );

const customerSort = { registeredAt: customers.registeredAt, phone: customers.phone } as const;

export const pageCustomers = async (db: Db, tenantId: string, filter: CustomerFilter, page: Page) => {
  const where = customerConditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, customers, where),
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(direction(customerSort[filter.sidx ?? 'registeredAt']), asc(customers.id))
      .$dynamic(),
  );
  return { rows: rows.map(toCustomerRow), total };
};

export const findCustomer = async (db: Db, tenantId: string, id: string): Promise<CustomerRow | undefined> => {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(tenantRow(customers, tenantId, id))
    .limit(1);
  return row ? toCustomerRow(row) : undefined;
};

/** Locks the owner's row for the rest of the transaction: binds to one owner take turns, so the limit holds. */
export const lockCustomer = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(tenantRow(customers, tenantId, id))
    .for('update');
  return row;
};

export const customerWithPhone = async (db: Db, tenantId: string, phone: string) => {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, phone)))
    .limit(1);
  return row;
};

export const insertCustomer = (db: Db, tenantId: string, values: { phone: string; nickname: string; source: CustomerSource; registeredAt: Date }) =>
  insertId(db, customers, { tenantId, ...values });

export const setCustomerEnabled = (db: Db, tenantId: string, id: string, enabled: boolean) =>
  db
    .update(customers)
    .set({ enabled, updatedAt: sql`now()` })
    .where(tenantRow(customers, tenantId, id));

const vehicleColumns = { vehicle: customerVehicles, customerPhone: customers.phone };

const vehicleConditions = (tenantId: string, filter: Omit<VehicleListValues, 'currentPage' | 'pageSize'>): SQL | undefined =>
  and(
    eq(customerVehicles.tenantId, tenantId),
    containing(filter.plateNumber, customerVehicles.plateNumber),
    containing(filter.phone, customers.phone),
    filter.state ? eq(customerVehicles.state, filter.state) : undefined,
  );

const vehicleSort = { boundAt: customerVehicles.boundAt, plateNumber: customerVehicles.plateNumber } as const;

const withOwner = (db: Db) =>
  db
    .select(vehicleColumns)
    .from(customerVehicles)
    .innerJoin(customers, and(eq(customers.tenantId, customerVehicles.tenantId), eq(customers.id, customerVehicles.customerId)));

export const pageVehicles = async (db: Db, tenantId: string, filter: Omit<VehicleListValues, 'currentPage' | 'pageSize'>, page: Page) => {
  const where = vehicleConditions(tenantId, filter);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const total = db
    .select({ n: count() })
    .from(customerVehicles)
    .innerJoin(customers, and(eq(customers.tenantId, customerVehicles.tenantId), eq(customers.id, customerVehicles.customerId)))
    .where(where)
    .then(([row]) => countOf(row));
  const { rows, total: n } = await pageRows(
    page,
    total,
    withOwner(db)
      .where(where)
      .orderBy(direction(vehicleSort[filter.sidx ?? 'boundAt']), asc(customerVehicles.id))
      .$dynamic(),
  );
  return { rows: rows as VehicleRow[], total: n };
};

/** Every vehicle of one owner, the bound ones first, newest first. */
export const vehiclesOf = (db: Db, tenantId: string, customerId: string): Promise<VehicleRow[]> =>
  withOwner(db)
    .where(and(eq(customerVehicles.tenantId, tenantId), eq(customerVehicles.customerId, customerId)))
    .orderBy(sql`${customerVehicles.state} = 'unbound'`, desc(customerVehicles.boundAt), asc(customerVehicles.id));

export const findVehicle = async (db: Db, tenantId: string, id: string): Promise<VehicleRow | undefined> => {
  const [row] = await withOwner(db)
    .where(tenantRow(customerVehicles, tenantId, id))
    .limit(1);
  return row;
};

/** How many vehicles the owner holds now (not 已解绑). */
export const boundVehicleCount = async (db: Db, tenantId: string, customerId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(customerVehicles)
    .where(and(eq(customerVehicles.tenantId, tenantId), eq(customerVehicles.customerId, customerId), ne(customerVehicles.state, 'unbound')));
  return Number(row?.n ?? 0);
};

/** The bound rows of one plate and colour, with their owners: who holds it, and in which state. */
export const plateHolders = (db: Db, tenantId: string, plateNumber: string, plateColour: number, states: readonly VehicleBindingState[]) =>
  db
    .select({ id: customerVehicles.id, customerId: customerVehicles.customerId, state: customerVehicles.state })
    .from(customerVehicles)
    .where(
      and(
        eq(customerVehicles.tenantId, tenantId),
        eq(customerVehicles.plateNumber, plateNumber),
        eq(customerVehicles.plateColour, plateColour),
        inArray(customerVehicles.state, [...states]),
      ),
    );

export const insertVehicle = (db: Db, tenantId: string, values: { customerId: string; plateNumber: string; plateColour: number; state: VehicleBindingState; boundAt: Date }) =>
  insertId(db, customerVehicles, { tenantId, ...values });

export const markVehicleUnbound = (db: Db, tenantId: string, id: string, at: Date) =>
  db
    .update(customerVehicles)
    .set({ state: 'unbound', unboundAt: at, updatedAt: sql`now()` })
    .where(tenantRow(customerVehicles, tenantId, id));
