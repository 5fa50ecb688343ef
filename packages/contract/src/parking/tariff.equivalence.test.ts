import { describe, expect, it } from 'vitest';
import { fee } from './tariff.js';
import { beijingOnStreetClass1, hangzhouCoreArea, hangzhouZhongshanNorthRoad, shenzhenOnStreetClass1, calendar2025 } from './tariff.examples.js';
import { tariffInput, type FeeContext, type FeeLine, type FeeResult, type Tariff, type TariffInput } from './tariff.schema.js';
import { unitWalkFee as referenceFee } from '../test/tariff-unit-walk.js';

/** A small seeded generator (mulberry32): the same stays and tariffs on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A tariff of random segments, tiers, rounding and caps, valid by the schema. */
const randomTariff = (random: () => number, n: number): Tariff => {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: () => T): T | null => (random() < 0.5 ? value() : null);
  const pricing = () => {
    if (random() < 0.15) return { kind: 'perVisit' as const, price: pick([0, 200, 500, 1000]) };
    const tiers: TariffInput['schedule']['workday'][number]['pricing'] extends infer P ? (P extends { tiers: infer T } ? T : never) : never = [];
    const count = 1 + Math.floor(random() * 3);
    let upto = 0;
    for (let k = 0; k < count; k++) {
      const unitMinutes = pick([15, 30, 60]);
      const last = k === count - 1;
      upto += unitMinutes * (1 + Math.floor(random() * 4));
      tiers.push({ unitMinutes, unitPrice: pick([0, 50, 100, 150, 250, 300, 600]), uptoMinutes: last ? null : upto });
    }
    const rounding = pick([{ mode: 'up' as const }, { mode: 'down' as const }, { mode: 'threshold' as const, leftoverMinutes: pick([0, 5, 10, 15]) }]);
    return { kind: 'perUnit' as const, tiers, rounding };
  };
  const segment = (label: string, start: number, end: number) => ({
    label,
    start: hhmm(start),
    end: hhmm(end),
    pricing: pricing(),
    capPerStretch: maybe(() => pick([300, 500, 1000, 2000])),
  });
  const day = () => {
    const shape = pick(['dayNight', 'day', 'allDay', 'split', 'none'] as const);
    const morning = pick([420, 480, 450]);
    const evening = pick([1140, 1200, 1260]);
    if (shape === 'dayNight') return [segment('白天', morning, evening), segment('夜间', evening, morning)];
    if (shape === 'day') return [segment('白天', morning, evening)];
    if (shape === 'allDay') return [segment('全天', 0, 0)];
    if (shape === 'split') return [segment('白天', morning, 720), segment('下午', 840, evening)];
    return [];
  };
  return tariffInput.parse({
    name: `随机计费规则${n}`,
    effectiveFrom: '2025-01-01',
    calendar: random() < 0.5 ? calendar2025 : { holidays: [], adjustedWorkdays: [] },
    schedule: { workday: day(), nonWorkday: day(), holiday: random() < 0.3 ? day() : null },
    vehicleClasses: [
      { code: 'small', name: '小型车' },
      { code: 'large', name: '大型车', multiplier: pick([1.5, 2, 3]), schedule: random() < 0.2 ? { workday: day(), nonWorkday: day() } : null },
    ],
    freePeriod: maybe(() => ({ minutes: pick([15, 30, 60]), inclusive: random() < 0.5 })),
    tierClock: pick(['continue', 'restartDaily'] as const),
    over24h: pick(['afresh', 'continue'] as const),
    caps: { perNaturalDay: maybe(() => pick([2000, 4000, 6000])), perRolling24h: maybe(() => pick([2500, 5000])) },
    graceMinutes: pick([0, 15, 30]),
  });
};

/** A stay of seconds to a month, entering anywhere in 2025 (holidays and 调休 included), sometimes paid before leaving. */
const randomStay = (random: () => number) => {
  const entered = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 364 * 86_400_000));
  const lengthMs = Math.floor(Math.exp(random() * Math.log(31 * 86_400_000)));
  const exited = new Date(entered.getTime() + lengthMs);
  const paidAt = random() < 0.2 ? new Date(exited.getTime() - Math.floor(random() * 40 * 60_000)) : undefined;
  return { entered, exited, paidAt };
};

const plain = (result: FeeResult) => ({ ...result, breakdown: result.breakdown.map((line: FeeLine) => ({ ...line })) });

describe('the engine priced a run of units at a time equals the unit-by-unit walk', () => {
  it('on the bundled city templates, 400 seeded stays each, for every vehicle class', () => {
    const random = seeded(23);
    for (const tariff of [beijingOnStreetClass1, hangzhouCoreArea, hangzhouZhongshanNorthRoad, shenzhenOnStreetClass1]) {
      for (let i = 0; i < 400; i++) {
        const { entered, exited, paidAt } = randomStay(random);
        for (const { code } of tariff.vehicleClasses) {
          const context: FeeContext = { vehicleClass: code, ...(paidAt ? { paidAt } : {}) };
          expect(plain(fee(tariff, entered, exited, context)), `${tariff.name} ${entered.toISOString()}→${exited.toISOString()} ${code}`).toEqual(
            plain(referenceFee(tariff, entered, exited, context)),
          );
        }
      }
    }
  });

  it('on 300 seeded random tariffs (segments, tiers, rounding, caps, clocks), 10 stays each', () => {
    const random = seeded(2026);
    for (let n = 0; n < 300; n++) {
      const tariff = randomTariff(random, n);
      for (let i = 0; i < 10; i++) {
        const { entered, exited, paidAt } = randomStay(random);
        for (const code of ['small', 'large']) {
          const context: FeeContext = { vehicleClass: code, ...(paidAt ? { paidAt } : {}) };
          expect(plain(fee(tariff, entered, exited, context)), `${JSON.stringify(tariff)} ${entered.toISOString()}→${exited.toISOString()} ${code}`).toEqual(
            plain(referenceFee(tariff, entered, exited, context)),
          );
        }
      }
    }
  });
});
