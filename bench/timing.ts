// What every benchmark here measures with: percentiles of sequential calls after a warm-up.
import { performance } from 'node:perf_hooks';

/** The p-th percentile of times sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** p50 and p95 of `runs` sequential calls of `once`, after 5 calls not counted. */
export const timings = async (runs: number, once: () => Promise<void>) => {
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
};
