import pg from 'pg';

/**
 * Where the test databases' templates are (database-templates.setup.ts): PGlite data directories
 * dumped to files, and the name of a PostgreSQL database to copy. Each is absent where the run made
 * none, and the test helpers then build that database themselves.
 */
export interface DatabaseTemplates {
  /** a fresh PGlite cluster, before any migration */
  pgliteBlank?: string;
  /** PGlite migrated to the newest migration and holding the demo seed */
  pgliteSeeded?: string;
  /** a PostgreSQL database migrated and seeded the same way */
  postgresSeeded?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** One statement on the PostgreSQL server of `serverUrl`, on a connection of its own (CREATE or DROP DATABASE). */
export const onServer = async (serverUrl: string, text: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** The run's templates inside a vitest worker; none elsewhere (a benchmark importing the test helpers). */
export const databaseTemplates = async (): Promise<DatabaseTemplates> => {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return inject('databaseTemplates') ?? {};
};
