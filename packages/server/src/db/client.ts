import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
// timestamps read back with their own year, 0001 included (drizzle's reading made it 2001)
import './timestamp-text.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL access for the migrator: both drivers run multi-statement text without parameters. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** runs `work` in one transaction on one connection */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const openPglite = async (dataDir: string | undefined): Promise<Database> => {
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(join(dataDir, 'pglite'));
  } else {
    client = await PGlite.create();
  }
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
};

export const openPostgres = async (connectionString: string, onIdleError: (error: Error) => void = () => {}): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // an idle connection dropped by the server (restart, failover) must not crash the process
  pool.on('error', onIdleError);
  // fail fast with a clear message when the server is unreachable
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    transaction: async (work) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await work({
          exec: async (text) => {
            await conn.query(text);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as Row[],
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK');
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
};

export const openDatabase = (options: { databaseUrl?: string | undefined; dataDir?: string | undefined; onIdleError?: (error: Error) => void }) =>
  options.databaseUrl ? openPostgres(options.databaseUrl, options.onIdleError) : openPglite(options.dataDir);
