import Fastify from 'fastify';
import type { Registry } from 'prom-client';
import { app, type AppOptions } from '../app.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/seed.js';
import { fastifyOptions } from '../server-options.js';
import { createTestDatabase, testConfig } from '../test/test-app.js';
import { createMetricsRegistry, installMetrics } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';

/**
 * The whole app on a seeded test database with its metrics installed as server.ts does (before the
 * routes), and the metrics listener on a free loopback port.
 */
export const buildMeteredApp = async (options: Partial<Omit<AppOptions, 'config' | 'database'>> = {}) => {
  const database = await createTestDatabase();
  await migrate(database);
  await seedDemoData(database.db);
  const registry: Registry = createMetricsRegistry();
  const api = Fastify(fastifyOptions(false));
  installMetrics(api, registry, { database });
  await api.register(app, { ...options, config: testConfig(), database });
  await api.ready();
  const metrics = await startMetricsServer(registry, { port: 0, host: '127.0.0.1' });
  const metricsUrl = `http://127.0.0.1:${metrics.address.port}`;
  return {
    api,
    database,
    registry,
    metricsUrl,
    /** GET /metrics on the metrics listener, as Prometheus scrapes it */
    scrape: async () => {
      const response = await fetch(`${metricsUrl}/metrics`);
      if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
      return response.text();
    },
    close: async () => {
      await metrics.close();
      await api.close();
      await database.close();
    },
  };
};

const labelPair = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the sample `name` whose labels include `labels` in a scrape, summed over the samples
 * that match (0 when none does).
 */
export const sampleOf = (text: string, name: string, labels: Record<string, string> = {}) => {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = new Map<string, string>();
    for (const pair of (match[2] ?? '').matchAll(labelPair)) found.set(pair[1]!, pair[2]!);
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) sum += Number(match[3]);
  }
  return sum;
};
