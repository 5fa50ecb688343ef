// npm run bench -- tariff: the fee engine's throughput on one thread, beside the unit-by-unit walk it
// replaced (kept for tests and this bench only), on the same stays in the same run. Stays are
// realistic: minutes to days, log-uniform up to 31 days, entering anywhere in 2025, on the bundled
// city templates and every vehicle class. Then single long stays, where the walk's cost grew with
// the stay. No database; figures go to bench/RESULTS.md by hand.
import { performance } from 'node:perf_hooks';
import { fee, type FeeContext, type FeeResult, type Tariff } from '../packages/contract/src/index.js';
import { sampleFirstHourDailyCap, sampleHalfHourDayPerVisitNight, sampleQuarterHourDayNight, sampleWorkdayOnlyNewEnergy } from '../packages/contract/src/test/tariff-fixtures.js';
import { unitWalkFee } from '../packages/contract/src/test/tariff-unit-walk.js';

type Engine = (tariff: Tariff, entered: Date, exited: Date, context: FeeContext) => FeeResult;
const engines: [string, Engine][] = [
  ['run at a time (fee)', fee],
  ['unit by unit (before)', unitWalkFee],
];
const templates = [sampleQuarterHourDayNight, sampleHalfHourDayPerVisitNight, sampleFirstHourDailyCap, sampleWorkdayOnlyNewEnergy];

/** mulberry32: the same stays on every run */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const stays = (() => {
  const random = seeded(24);
  return Array.from({ length: 20_000 }, () => {
    const tariff = templates[Math.floor(random() * templates.length)]!;
    const entered = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 364 * 86_400_000));
    const exited = new Date(entered.getTime() + Math.floor(Math.exp(random() * Math.log(31 * 86_400_000))));
    const vehicleClass = tariff.vehicleClasses[Math.floor(random() * tariff.vehicleClasses.length)]!.code;
    return { tariff, entered, exited, context: { vehicleClass } };
  });
})();

/** computations per second over the mixed stays: the median of 5 passes, and the spread */
const throughput = (engine: Engine) => {
  const rates: number[] = [];
  let sink = 0;
  for (let pass = 0; pass < 6; pass++) {
    const started = performance.now();
    for (const s of stays) sink += engine(s.tariff, s.entered, s.exited, s.context).amount;
    if (pass > 0) rates.push(stays.length / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  return { median: rates[2]!, low: rates[0]!, high: rates.at(-1)!, sink };
};

/** milliseconds for one stay of `days`, the median of a few runs */
const single = (engine: Engine, days: number) => {
  const entered = new Date('2025-03-03T09:17:00+08:00');
  const exited = new Date(entered.getTime() + days * 86_400_000 + 37 * 60_000);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    engine(sampleWorkdayOnlyNewEnergy, entered, exited, { vehicleClass: sampleWorkdayOnlyNewEnergy.vehicleClasses[0]!.code });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[3]!;
};

export const runTariffBench = () => {
  console.log(`tariff engine, one thread; node ${process.version}; ${stays.length.toLocaleString('en')} mixed stays on ${templates.length} city templates`);
  for (const [name, engine] of engines) {
    const { median, low, high } = throughput(engine);
    console.log(
      `${name.padEnd(24)} ${Math.round(median).toLocaleString('en').padStart(10)} fees/s  (5 passes: ${Math.round(low).toLocaleString('en')}–${Math.round(high).toLocaleString('en')})`,
    );
  }
  for (const days of [1, 30, 365]) {
    console.log(`one stay of ${String(days).padStart(3)} days (深圳 一类):  ${engines.map(([name, engine]) => `${name} ${single(engine, days).toFixed(3)} ms`).join(' · ')}`);
  }
};
