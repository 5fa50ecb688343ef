import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createMetricsRegistry, parkingMetrics, watchDatabasePool } from './metrics.js';

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

const dashboard = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../docs/grafana-dashboard.json'), 'utf8')) as {
  schemaVersion: number;
  templating: { list: { name: string; type: string; query: unknown }[] };
  panels: Panel[];
};

const panelsOf = (panels: Panel[]): Panel[] => panels.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);

/** Every name a scrape of a fully set-up registry shows: each metric, and a histogram's _bucket, _sum and _count. */
const exposedNames = async () => {
  const registry = createMetricsRegistry();
  parkingMetrics(registry);
  // never connected: the pool's gauges exist as they do with DATABASE_URL
  const pool = new pg.Pool();
  watchDatabasePool(registry, pool);
  const text = await registry.metrics();
  await pool.end();
  return new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) => (type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name!])));
};

describe('docs/grafana-dashboard.json', () => {
  it('is a Grafana dashboard choosing its Prometheus data source', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
  });

  it("asks only for metrics the server's registry exposes", async () => {
    const exposed = await exposedNames();
    const graphs = panelsOf(dashboard.panels).filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThanOrEqual(10);
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        // every selector is written name{...}, so the names are what stands before a brace
        const names = [...expr.matchAll(/([a-zA-Z_:][\w:]*)\{/g)].map(([, name]) => name!);
        expect(names.length, expr).toBeGreaterThan(0);
        for (const name of names) expect(exposed, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });
});
