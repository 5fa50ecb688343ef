import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

const dialect = new PgDialect();

/** A prepared statement's name: its label, and its text's hash, so that another text is another statement. */
const statementName = (label: string, text: string) => `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;

/**
 * A statement a hot path runs many times a second (vehicle events), taking one JSON value, as a
 * named prepared statement: each connection parses and plans it once, later runs only bind and
 * execute (PostgreSQL spent more time planning these than running them). The statement is built
 * and compiled once, here, not on every run: `build` gets the placeholder its JSON goes in.
 * Answers what `db.execute` answers.
 */
export const preparedJsonStatement = (label: string, build: (json: SQL) => SQL) => {
  const compiled = dialect.sqlToQuery(build(sql`${sql.placeholder('json')}::jsonb`));
  const name = statementName(label, compiled.sql);
  return (db: Db, json: unknown) => db._.session.prepareQuery(compiled, undefined, name, false).execute({ json: JSON.stringify(json) });
};

/**
 * A statement whose text repeats with other values (a list's page), as a named prepared statement
 * called by a name made of its text: each connection parses it once, and once PostgreSQL finds a
 * generic plan no dearer than planning each run, it plans it no more. A table partitioned by month
 * that a read cannot prune costs planning for every month (bench/RESULTS.md). Each connection keeps
 * every name it was given, so only a few shapes of text should come here. Answers what `db.execute`
 * answers.
 */
export const executeNamed = (db: Db, label: string, query: SQL) => {
  const compiled = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(compiled, undefined, statementName(label, compiled.sql), false).execute();
};

/**
 * Columns for a named statement's select list that make the transaction's next statements planned
 * generically from their first run, answering the setting they replaced as "planWas". PostgreSQL's
 * default plans a named statement's first five runs for their values and then keeps a generic plan
 * only while it costs no more than theirs did, so a statement whose text leaves the planner one way,
 * right for every value, may still be planned at every run. The setting holds for every statement
 * with parameters, unnamed ones too, which must be planned for their values: the statements meant
 * are to follow this one at once, and the last of them selects planAsBefore. Carried in the
 * statements themselves rather than in statements of their own, which would cost a round trip each.
 * Transaction-local: a statement that fails takes the setting back with the transaction's rollback.
 */
export const planGenerically = sql`current_setting('plan_cache_mode') as "planWas", set_config('plan_cache_mode', 'force_generic_plan', true) as "planIs"`;

/** Columns for a select list that put back the setting planGenerically replaced (its "planWas"), once the statement holding them has been planned. */
export const planAsBefore = (was: unknown) => sql`set_config('plan_cache_mode', ${typeof was === 'string' ? was : 'auto'}, true) as "planIs"`;
