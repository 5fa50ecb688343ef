// npm run bench -- tariff: the fee engine on one thread, beside the unit-by-unit walk it replaced
// (kept for tests and this bench only), on the same stays in the same run.
//  - throughput on two mixes of stays, entering anywhere in 2025 on four sample tariffs and every
//    vehicle class: "realistic" is how long cars stay at on-road spaces and lots (most under a few
//    hours, a tail of days); "heavy tail" is log-uniform from a second to 31 days, half of it over 14 h;
//  - single long stays, up to ten years (the walk is timed up to a year only);
//  - a randomized comparison of a million stays on seeded random tariffs: the engine's amount (with
//    lines and alone), free reason and line total against the walk's, any difference printed and counted.
// No database; figures go to bench/RESULTS.md by hand.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { fee, feeAmount, type FeeContext, type FeeResult, type Tariff } from '../packages/contract/src/index.js';
import { sampleFirstHourDailyCap, sampleHalfHourDayPerVisitNight, sampleQuarterHourDayNight, sampleWorkdayOnlyNewEnergy } from '../packages/contract/src/test/tariff-fixtures.js';
import { randomStay, randomTariff, seeded } from '../packages/contract/src/test/tariff-random.js';
import { unitWalkFee } from '../packages/contract/src/test/tariff-unit-walk.js';

type Engine = (tariff: Tariff, entered: Date, exited: Date, context: FeeContext) => FeeResult | number;
const amountOf = (result: FeeResult | number) => (typeof result === 'number' ? result : result.amount);
/** fee with its breakdown (a record's detail, the driver's quote); feeAmount the amount alone (a car leaving) */
const engines: [string, Engine][] = [
  ['fee (now)', fee],
  ['unit by unit (before)', unitWalkFee],
  ['feeAmount (now)', feeAmount],
];
const templates = [sampleQuarterHourDayNight, sampleHalfHourDayPerVisitNight, sampleFirstHourDailyCap, sampleWorkdayOnlyNewEnergy];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** log-uniform between `low` and `high` ms */
const logUniform = (random: () => number, low: number, high: number) => Math.floor(Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low))));

const mixes: Record<string, (random: () => number) => number> = {
  /** 55 % 5 min–2 h, 30 % 2–12 h, 12 % 12 h–3 days, 3 % 3–30 days */
  realistic: (random) => {
    const r = random();
    if (r < 0.55) return logUniform(random, 5 * MINUTE, 2 * HOUR);
    if (r < 0.85) return logUniform(random, 2 * HOUR, 12 * HOUR);
    if (r < 0.97) return logUniform(random, 12 * HOUR, 3 * DAY);
    return logUniform(random, 3 * DAY, 30 * DAY);
  },
  'heavy tail': (random) => logUniform(random, 1000, 31 * DAY),
};

const staysOf = (length: (random: () => number) => number, seed: number) => {
  const random = seeded(seed);
  return Array.from({ length: 20_000 }, () => {
    const tariff = templates[Math.floor(random() * templates.length)]!;
    const entered = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 364 * DAY));
    const exited = new Date(entered.getTime() + length(random));
    const vehicleClass = tariff.vehicleClasses[Math.floor(random() * tariff.vehicleClasses.length)]!.code;
    return { tariff, entered, exited, context: { vehicleClass } };
  });
};

/**
 * Computations per second over the stays, for every engine: 11 rounds, each timing one pass of every
 * engine in turn, so a neighbour's burst on this shared machine slows all engines alike; the first
 * round warms up. Each pass is timed by this process's CPU time (what the machine's load does not
 * add) and by the wall clock; the median of 10 rounds and the spread of the CPU figures are reported.
 */
const throughputs = (engines: [string, Engine][], stays: ReturnType<typeof staysOf>) => {
  const cpuRates = engines.map(() => [] as number[]);
  const wallRates = engines.map(() => [] as number[]);
  let sink = 0;
  for (let round = 0; round < 11; round++) {
    engines.forEach(([, engine], e) => {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      for (const s of stays) sink += amountOf(engine(s.tariff, s.entered, s.exited, s.context));
      const used = process.cpuUsage(cpu);
      if (round === 0) return;
      cpuRates[e]!.push(stays.length / ((used.user + used.system) / 1e6));
      wallRates[e]!.push(stays.length / ((performance.now() - wall) / 1000));
    });
  }
  const median = (rates: number[]) => rates.sort((a, b) => a - b)[rates.length >> 1]!;
  return engines.map((_, e) => ({ cpu: median(cpuRates[e]!), wall: median(wallRates[e]!), low: cpuRates[e]![0]!, high: cpuRates[e]!.at(-1)!, sink }));
};

/** milliseconds for one stay of `days`, the median of 21 runs */
const single = (engine: Engine, days: number) => {
  const entered = new Date('2025-03-03T09:17:00+08:00');
  const exited = new Date(entered.getTime() + days * DAY + 37 * MINUTE);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    engine(sampleWorkdayOnlyNewEnergy, entered, exited, { vehicleClass: sampleWorkdayOnlyNewEnergy.vehicleClasses[0]!.code });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[10]!;
};

/** The engine against the walk on `count` seeded stays (seconds to a month) on seeded random tariffs. */
const compare = (count: number) => {
  const random = seeded(1_000_003);
  let differences = 0;
  let done = 0;
  const started = performance.now();
  for (let n = 0; done < count; n++) {
    const tariff = randomTariff(random, n);
    for (let i = 0; i < 50 && done < count; i++) {
      const { entered, exited, paidAt } = randomStay(random);
      for (const code of ['small', 'large']) {
        const context: FeeContext = { vehicleClass: code, ...(paidAt ? { paidAt } : {}) };
        const quick = fee(tariff, entered, exited, context);
        const walked = unitWalkFee(tariff, entered, exited, context);
        const total = quick.breakdown.reduce((sum, l) => sum + l.amount, 0);
        const alone = feeAmount(tariff, entered, exited, context);
        if (quick.amount !== walked.amount || alone !== walked.amount || quick.freeReason !== walked.freeReason || total !== quick.amount) {
          if (++differences <= 5)
            console.log(`  differs: ${tariff.name} ${entered.toISOString()}→${exited.toISOString()} ${code}: ${quick.amount} (amount alone ${alone}) against ${walked.amount}`);
        }
        done++;
      }
    }
  }
  return { differences, seconds: (performance.now() - started) / 1000 };
};

const rate = (n: number) => Math.round(n).toLocaleString('en');

/**
 * The engine as `npm start` runs it: tsc's output in packages/contract/dist, when built. Through tsx
 * every function made while pricing is named at run time (esbuild's keepNames), which the shipped
 * code never pays; both engines above pay it alike.
 */
const shipped = async (): Promise<[string, Engine][]> => {
  const built = fileURLToPath(new URL('../packages/contract/dist/index.js', import.meta.url));
  if (!existsSync(built)) return [];
  const contract = (await import(pathToFileURL(built).href)) as { fee: Engine; feeAmount?: Engine };
  return [['fee as built (dist)', contract.fee], ...(contract.feeAmount ? [['feeAmount as built (dist)', contract.feeAmount] as [string, Engine]] : [])];
};

export const runTariffBench = async () => {
  console.log(`tariff engine, one thread; node ${process.version}; load average at start ${loadavg()[0]!.toFixed(2)}`);
  const built = await shipped();
  for (const [mix, length] of Object.entries(mixes)) {
    const stays = staysOf(length, 24);
    console.log(`${mix}: ${stays.length.toLocaleString('en')} stays on ${templates.length} sample tariffs`);
    const all = [...engines, ...built];
    throughputs(all, stays).forEach(({ cpu, wall, low, high }, e) => {
      console.log(`  ${all[e]![0].padEnd(26)} ${rate(cpu).padStart(10)} fees/CPU-s  (10 rounds: ${rate(low)}–${rate(high)}; wall clock ${rate(wall)} fees/s)`);
    });
  }
  for (const days of [1, 30, 365, 3650]) {
    const timed = days <= 365 ? engines.slice(0, 2) : engines.slice(0, 1);
    console.log(`one stay of ${String(days).padStart(4)} days (workday-only sample): ${timed.map(([name, engine]) => `${name} ${single(engine, days).toFixed(3)} ms`).join(' · ')}`);
  }
  const count = Number(process.env.BENCH_TARIFF_COMPARE ?? 1_000_000);
  const { differences, seconds } = compare(count);
  console.log(
    `compared ${count.toLocaleString('en')} stays on random tariffs with the walk: ${differences} differences (${seconds.toFixed(0)} s); load average at end ${loadavg()[0]!.toFixed(2)}`,
  );
};
