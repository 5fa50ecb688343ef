import { describe, expect, it } from 'vitest';
import { fee, feeAmount } from './tariff.js';
import { beijingOnStreetClass1 } from './tariff.examples.js';
import { sampleFirstHourDailyCap, sampleHalfHourDayPerVisitNight, sampleQuarterHourDayNight, sampleWorkdayOnlyNewEnergy } from '../test/tariff-fixtures.js';
import { randomStay, randomTariff, seeded } from '../test/tariff-random.js';
import type { FeeContext, FeeLine, FeeResult } from './tariff.schema.js';
import { unitWalkFee as referenceFee } from '../test/tariff-unit-walk.js';

const plain = (result: FeeResult) => ({ ...result, breakdown: result.breakdown.map((line: FeeLine) => ({ ...line })) });

/** The line that stands for whole cycles of days added at once (the walk has one line per stretch instead). */
const repeatLine = /同前(1|7)天计费，共\d+次$/;
let repeatedStays = 0;

/**
 * The engine equals the walk: in everything, or, where it added repeating days at once, in the
 * amount and every other field, with lines that still add up to it and the same lines before the
 * repeat (the last of them may run on in the walk).
 */
const expectSame = (actual: FeeResult, expected: FeeResult, what: string) => {
  const first = actual.breakdown.findIndex((l) => repeatLine.test(l.label));
  if (first < 0) {
    expect(plain(actual), what).toEqual(plain(expected));
    return;
  }
  repeatedStays++;
  const { breakdown: _actual, ...rest } = actual;
  const { breakdown: _expected, ...expectedRest } = expected;
  expect(rest, what).toEqual(expectedRest);
  expect(
    actual.breakdown.reduce((sum, l) => sum + l.amount, 0),
    what,
  ).toBe(actual.amount);
  expect(
    actual.breakdown.slice(0, Math.max(0, first - 1)).map((l) => ({ ...l })),
    what,
  ).toEqual(expected.breakdown.slice(0, Math.max(0, first - 1)).map((l) => ({ ...l })));
};

describe('the engine priced a run of units at a time equals the unit-by-unit walk', () => {
  it('on the bundled city templates, 400 seeded stays each, for every vehicle class', { timeout: 60_000 }, () => {
    const random = seeded(23);
    for (const tariff of [beijingOnStreetClass1, sampleQuarterHourDayNight, sampleHalfHourDayPerVisitNight, sampleFirstHourDailyCap, sampleWorkdayOnlyNewEnergy]) {
      for (let i = 0; i < 400; i++) {
        const { entered, exited, paidAt } = randomStay(random);
        for (const { code } of tariff.vehicleClasses) {
          const context: FeeContext = { vehicleClass: code, ...(paidAt ? { paidAt } : {}) };
          const what = `${tariff.name} ${entered.toISOString()}→${exited.toISOString()} ${code}`;
          const expected = referenceFee(tariff, entered, exited, context);
          expectSame(fee(tariff, entered, exited, context), expected, what);
          expect(feeAmount(tariff, entered, exited, context), what).toBe(expected.amount);
        }
      }
    }
  });

  it('on 300 seeded random tariffs (segments, tiers, rounding, caps, clocks), 10 stays each', { timeout: 60_000 }, () => {
    const random = seeded(2026);
    for (let n = 0; n < 300; n++) {
      const tariff = randomTariff(random, n);
      for (let i = 0; i < 10; i++) {
        const { entered, exited, paidAt } = randomStay(random);
        for (const code of ['small', 'large']) {
          const context: FeeContext = { vehicleClass: code, ...(paidAt ? { paidAt } : {}) };
          const what = `${JSON.stringify(tariff)} ${entered.toISOString()}→${exited.toISOString()} ${code}`;
          const expected = referenceFee(tariff, entered, exited, context);
          expectSame(fee(tariff, entered, exited, context), expected, what);
          expect(feeAmount(tariff, entered, exited, context), what).toBe(expected.amount);
        }
      }
    }
  });

  it('on 200 seeded tariffs using every rule, stays of 3 weeks to a year: adding repeating days at once costs what pricing every day does', { timeout: 60_000 }, () => {
    const random = seeded(2027);
    let repeated = 0;
    for (let n = 0; n < 200; n++) {
      const tariff = randomTariff(random, n, true);
      for (let i = 0; i < 3; i++) {
        const entered = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 364 * 86_400_000));
        const exited = new Date(entered.getTime() + Math.floor((21 + random() * 345) * 86_400_000));
        for (const vehicleClass of ['small', 'large']) {
          const what = `${JSON.stringify(tariff)} ${entered.toISOString()}→${exited.toISOString()} ${vehicleClass}`;
          const quick = fee(tariff, entered, exited, { vehicleClass });
          const walked = fee(tariff, entered, exited, { vehicleClass }, { everyDay: true });
          expect(quick.amount, what).toBe(walked.amount);
          expect(feeAmount(tariff, entered, exited, { vehicleClass }), what).toBe(walked.amount);
          expect(quick.freeReason, what).toBe(walked.freeReason);
          expect(
            quick.breakdown.reduce((sum, l) => sum + l.amount, 0),
            what,
          ).toBe(quick.amount);
          if (quick.breakdown.some((l) => repeatLine.test(l.label))) repeated++;
        }
      }
    }
    // most of these stays are long enough to repeat: the test would prove nothing otherwise
    expect(repeated).toBeGreaterThan(900);
  });

  it('repeating days were added at once in the stays above that allowed it', () => {
    expect(repeatedStays).toBeGreaterThan(100);
  });
});
