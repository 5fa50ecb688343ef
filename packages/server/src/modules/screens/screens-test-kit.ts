import type { ParkingRecordState } from '@parking/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { tenants } from '../../db/schema/index.js';

// Leans on no test/ helper: this file is in the server's build, which leaves test/ out.

/** A wall-clock time in Shanghai, as `2026-03-10T09:00:00`. */
export const shanghai = (wallClock: string) => new Date(`${wallClock}+08:00`);

/** Where the app's clock stands in the screens' route tests: today is 10 March, yesterday the 9th. */
export const noon = shanghai('2026-03-10T12:00:00');
export const clockAtNoon = () => new Date(noon);

/** Tenant mw on the test's app, and what its screens' tests do as its admin (`mwAdmin`, a sign-in token). */
export const tenantMw = async ({ app, database }: { app: FastifyInstance; database: Database }, mwAdmin: string) => {
  const { db } = database;
  const mwId = (rowsOf(await db.execute(sql`SELECT id FROM ${tenants} WHERE code = 'mw'`))[0] as { id: string }).id;
  return {
    mwId,
    /** creates as mw's admin and answers the new row's id */
    post: async (url: string, payload: object) => {
      const answer = (await app.inject({ method: 'POST', url, headers: { authorization: mwAdmin }, payload })).json<{ code: number; msg: string; data: { id: string } }>();
      expect(answer.code, answer.msg).toBe(200);
      return answer.data.id;
    },
    /** a gated lot's free spaces, as its counter reports them */
    setFreeCount: async (lotId: string, freeCount: number) => {
      const res = await app.inject({ method: 'PUT', url: `/api/system/Parking/freecnt/${lotId}`, headers: { authorization: mwAdmin }, payload: { freeCount } });
      expect(res.json()).toMatchObject({ code: 200 });
    },
    /** a screen's snapshot, read by `token` */
    snapshotOf: async <Snapshot>(url: string, token = mwAdmin) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Snapshot }>().data;
    },
    /** a figure read straight from the tables (the query names it n), as the screen must show it */
    figure: async (query: ReturnType<typeof sql>) => Number((rowsOf(await db.execute(query))[0] as { n: string | number }).n),
    /** a parking record of mw, its times on Shanghai's wall clock and its money in fen */
    stay: (lotId: string, plateNumber: string, entered: string, exited: string | null, state: ParkingRecordState, amountDue: number, paid: number) => ({
      tenantId: mwId,
      lotId,
      plateNumber,
      enteredAt: shanghai(entered),
      exitedAt: exited ? shanghai(exited) : null,
      state,
      amountDue,
      paid,
      unpaid: amountDue - paid,
    }),
  };
};

export type TenantMw = Awaited<ReturnType<typeof tenantMw>>;
