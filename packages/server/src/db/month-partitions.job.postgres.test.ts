import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { dropEmptyMonths, makeMonthPartitions } from './month-partitions.job.js';
import { monthPartitions } from './schema/index.js';
import { seededDemoDatabase } from '../test/test-app.js';

// On a server, where the writers of a table are other connections: dropping an emptied month waits
// for them a moment only, and leaves the month for the next pass rather than stopping them.

let database: Database;
let firstMonth: Date;

const monthStart = async (months: number) =>
  new Date((await database.transaction((s) => s.query<{ at: Date }>(`SELECT parking_month_start($1::timestamptz, $2) AS at`, [firstMonth.toISOString(), months])))[0]!.at);

beforeAll(async () => {
  ({ database } = await seededDemoDatabase());
  const [row] = await database.db.select().from(monthPartitions).where(eq(monthPartitions.tableName, 'vehicle_events'));
  firstMonth = row!.monthsFrom;
});
afterAll(() => database?.close());

it('leaves an emptied month for the next pass while a writer holds its table past the wait', async () => {
  await makeMonthPartitions(database.db, await monthStart(5));
  const later = await monthStart(20);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  // a writer's transaction, open on vehicle_events
  const writer = database.transaction(async (session) => {
    await session.exec('LOCK TABLE vehicle_events IN ROW EXCLUSIVE MODE');
    locked();
    await released;
  });
  await isLocked;
  const whileHeld = await dropEmptyMonths(database.db, later);
  release();
  await writer;
  expect(whileHeld.filter((name) => name.startsWith('vehicle_events_'))).toEqual([]);
  // the operation log was not held: its emptied months went
  expect(whileHeld.filter((name) => name.startsWith('operation_logs_')).length).toBeGreaterThanOrEqual(4);
  const next = await dropEmptyMonths(database.db, later);
  expect(next.filter((name) => name.startsWith('vehicle_events_')).length).toBeGreaterThanOrEqual(4);
});
