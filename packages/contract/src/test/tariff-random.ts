import { calendar2025 } from '../parking/tariff.examples.js';
import { tariffInput, type Tariff, type TariffInput } from '../parking/tariff.schema.js';

// Seeded stays and tariffs for the engine's equivalence tests and its bench: the same on every run.

/** A small seeded generator (mulberry32): the same stays and tariffs on every run. */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A tariff of random segments, tiers, rounding and caps, valid by the schema. With `v2` it also
 * uses the rules the unit-by-unit walk never knew: caps per segment kind and per class, caps on
 * full 24 h blocks only, tier counters from entry or per class, a free period on charged minutes,
 * and often the same schedule every day.
 */
export const randomTariff = (random: () => number, n: number, v2 = false): Tariff => {
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
  if (!v2) {
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
  }
  const everyDay = day();
  const schedule = random() < 0.4 ? { workday: everyDay, nonWorkday: everyDay, holiday: null } : { workday: everyDay, nonWorkday: day(), holiday: random() < 0.3 ? day() : null };
  const labels = [...new Set([...schedule.workday, ...schedule.nonWorkday, ...(schedule.holiday ?? [])].map((x) => x.label))];
  const caps = () => ({
    perNaturalDay: maybe(() => pick([2000, 4000, 6000])),
    perRolling24h: maybe(() => pick([2500, 5000])),
    fullBlocksOnly: random() < 0.3,
    bySegment: labels
      .filter(() => random() < 0.4)
      .map((segment) => ({ segment, perStretch: maybe(() => pick([300, 800])), perNaturalDay: maybe(() => pick([500, 1500])), perRolling24h: maybe(() => pick([700, 2500])) })),
  });
  const clock = () => pick(['continue', 'restartDaily', 'fromEntry'] as const);
  return tariffInput.parse({
    name: `随机计费规则v2-${n}`,
    effectiveFrom: '2025-01-01',
    calendar: random() < 0.5 ? calendar2025 : { holidays: [], adjustedWorkdays: [] },
    schedule,
    vehicleClasses: [
      { code: 'small', name: '小型车' },
      { code: 'large', name: '大型车', multiplier: pick([1.5, 2, 3]), caps: random() < 0.4 ? caps() : null, tierClock: random() < 0.3 ? clock() : null },
    ],
    freePeriod: maybe(() => ({ minutes: pick([15, 30, 60]), inclusive: random() < 0.5, on: pick(['stay', 'chargeable'] as const) })),
    tierClock: clock(),
    over24h: pick(['afresh', 'continue'] as const),
    caps: caps(),
    graceMinutes: pick([0, 15, 30]),
  });
};

/** A stay of seconds to a month, entering anywhere in 2025 (holidays and 调休 included), sometimes paid before leaving. */
export const randomStay = (random: () => number) => {
  const entered = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 364 * 86_400_000));
  const lengthMs = Math.floor(Math.exp(random() * Math.log(31 * 86_400_000)));
  const exited = new Date(entered.getTime() + lengthMs);
  const paidAt = random() < 0.2 ? new Date(exited.getTime() - Math.floor(random() * 40 * 60_000)) : undefined;
  return { entered, exited, paidAt };
};
