import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

const dialect = new PgDialect();

/** A statement's name per text: a prepared name must always stand for the same text on a connection. */
const names = new Map<string, string>();

const nameOf = (label: string, text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    names.set(text, name);
  }
  return name;
};

/**
 * Runs `query` as a named prepared statement: each connection parses and plans it once, later runs
 * only bind and execute. For the few statements a hot path runs many times a second (vehicle
 * events), where PostgreSQL spent more time planning them than running them. A query whose text
 * varies (a branch in the SQL) gets one name per variant. Answers what `db.execute` answers.
 */
export const executePrepared = (db: Db, label: string, query: SQL) => {
  const compiled = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(compiled, undefined, nameOf(label, compiled.sql), false).execute();
};
