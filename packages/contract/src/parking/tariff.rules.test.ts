import { describe, expect, it } from 'vitest';
import { fee, feeAmount, specialPlateOf, vehicleClassFor, vehicleOf } from './tariff.js';
import { calendar2025 } from './tariff.examples.js';
import { tariffInput, tariffRules, type Tariff, type TariffDayScheduleInput, type TariffInput } from './tariff.schema.js';

/** Shanghai wall clock "2025-03-03T08:00" (2025-03-03 is a Monday) */
const at = (s: string) => new Date(`${s}:00+08:00`);

const per = (unitMinutes: number, fen: number, tiers: Array<{ uptoMinutes: number; unitPrice: number; unitMinutes?: number }> = []): TariffDayScheduleInput[number]['pricing'] => ({
  kind: 'perUnit',
  tiers: [...tiers.map((t) => ({ unitMinutes, ...t })), { unitMinutes, unitPrice: fen }],
  rounding: { mode: 'up' },
});

/** 白天 08:00-20:00 2元/小时, 夜间 20:00-08:00 1元/小时, every day, unless the test says otherwise. */
const dayAndNight: TariffDayScheduleInput = [
  { label: '白天', start: '08:00', end: '20:00', pricing: per(60, 200) },
  { label: '夜间', start: '20:00', end: '08:00', pricing: per(60, 100) },
];

const tariffOf = (overrides: Partial<TariffInput> = {}, day: TariffDayScheduleInput = dayAndNight): Tariff =>
  tariffInput.parse({
    name: '测试',
    effectiveFrom: '2025-01-01',
    schedule: { workday: day, nonWorkday: day },
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small' } },
      { code: 'large', name: '大型车', match: { size: 'large' }, multiplier: 2 },
    ],
    over24h: 'continue',
    ...overrides,
  });

const priced = (t: Tariff, from: string, to: string, vehicleClass = 'small') => fee(t, at(from), at(to), { vehicleClass });
const amountOf = (t: Tariff, from: string, to: string, vehicleClass = 'small') => priced(t, from, to, vehicleClass).amount;

describe('caps per segment kind, side by side (白天每日最高 and 夜间每次最高, as 白天/夜间 caps are published separately)', () => {
  const t = tariffOf({
    caps: {
      bySegment: [
        { segment: '白天', perNaturalDay: 1000 },
        { segment: '夜间', perStretch: 500 },
      ],
    },
  });

  it('a day and the night after: 白天 12 h × 2元 capped at 10元, 夜间 12 h × 1元 capped at 5元', () => {
    const result = priced(t, '2025-03-03T08:00', '2025-03-04T08:00');
    expect(result.amount).toBe(1500);
    expect(result.breakdown.some((l) => l.label.includes('（已达白天当日封顶10元）'))).toBe(true);
    expect(result.breakdown.some((l) => l.label.includes('（已达夜间封顶5元）'))).toBe(true);
  });

  it('the day cap is per natural day: two days and a night cost 10 + 5 + 10', () => {
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-04T20:00')).toBe(2500);
  });

  it('a segment cap leaves the other segment uncapped: 3 hours of night cost 3元', () => {
    const only = tariffOf({ caps: { bySegment: [{ segment: '白天', perNaturalDay: 100 }] } });
    expect(amountOf(only, '2025-03-03T20:00', '2025-03-03T23:00')).toBe(300);
  });

  it('the 大型车 pays double and so do its segment caps: 20 + 10', () => {
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-04T08:00', 'large')).toBe(3000);
  });

  it('a segment cap per 24 h block from entry', () => {
    const rolling = tariffOf({ caps: { bySegment: [{ segment: '白天', perRolling24h: 1000 }] } });
    // entry 14:00, one block: 白天 14-20 (12元 → 10元), 夜间 12元 uncapped, 白天 08-14 next day (12元 → 0: the block's cap is spent)
    expect(amountOf(rolling, '2025-03-03T14:00', '2025-03-04T14:00')).toBe(1000 + 1200);
  });

  it('a segment cap must name a segment of the schedule', () => {
    const parsed = tariffRules.safeParse({ ...tariffOf(), caps: { bySegment: [{ segment: '早高峰', perNaturalDay: 100 }] } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['caps', 'bySegment', 0, 'segment'], message: '封顶的时段「早高峰」不在收费时段中' })]);
  });
});

describe('caps on complete 24 h blocks only (每满24小时最高收费, 不满24小时的部分按标准计收)', () => {
  const allDay: TariffDayScheduleInput = [{ label: '全天', start: '00:00', end: '00:00', pricing: per(60, 200) }];
  const blocks = (fullBlocksOnly: boolean) => tariffOf({ caps: { perRolling24h: 3000, fullBlocksOnly } }, allDay);

  it('40 hours: the first 24 h block capped at 30元, the last 16 h at the standard 32元', () => {
    expect(amountOf(blocks(true), '2025-03-03T10:00', '2025-03-05T02:00')).toBe(3000 + 3200);
  });

  it('the same stay with every block capped: 30 + 30', () => {
    expect(amountOf(blocks(false), '2025-03-03T10:00', '2025-03-05T02:00')).toBe(6000);
  });

  it('a stay shorter than 24 h is never capped by the 24 h cap when only full blocks are', () => {
    expect(amountOf(blocks(true), '2025-03-03T00:00', '2025-03-03T20:00')).toBe(4000);
  });

  it('exactly 24 h is one full block: capped', () => {
    expect(amountOf(blocks(true), '2025-03-03T10:00', '2025-03-04T10:00')).toBe(3000);
  });
});

describe('caps of a vehicle class of its own (大型车 with a cap that is not the small car’s times its multiplier)', () => {
  const t = tariffOf({
    caps: { perNaturalDay: 2000 },
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small' } },
      { code: 'large', name: '大型车', match: { size: 'large' }, multiplier: 2, caps: { perNaturalDay: 3000 } },
      { code: 'bus', name: '大客车', match: { size: 'large' }, multiplier: 3, caps: { bySegment: [{ segment: '白天', perStretch: 4500 }] } },
    ],
  });

  it('the small car: 白天 08-20 12 × 2元 = 24元 capped at 20元', () => {
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-03T20:00')).toBe(2000);
  });

  it('the large vehicle: 12 × 4元 = 48元 capped at its own 30元, not 2 × 20元', () => {
    const result = priced(t, '2025-03-03T08:00', '2025-03-03T20:00', 'large');
    expect(result.amount).toBe(3000);
    expect(result.breakdown.some((l) => l.label.includes('（已达当日封顶30元）'))).toBe(true);
  });

  it('a class’s own caps replace the tariff’s: the bus has no day cap, only 45元 per 白天 stretch', () => {
    // 白天 12 × 6元 = 72 → 45; 夜间 12 × 3元 = 36
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-04T08:00', 'bus')).toBe(4500 + 3600);
  });
});

/**
 * 千山积翠门地上停车场收费标准 (published 2024-05-29 by its 投资项目审批科): 白天 7:00-19:00 小型车 1元/半小时,
 * 大中型车 1.5元/半小时; 夜间 19:00-次日7:00 小型车 0.5元/小时, 大中型车 1元/小时; 停车未超过半小时免收,
 * 超过半小时自停放开始时计费; 不足一个计费时段按一个计费时段收费; 停车全天24小时的按白天相应收费标准10小时收费.
 * The large vehicle's day and night rates are different multiples of the small car's (1.5 and 2), so its
 * 24 h cap (10 h of its own day rate, 30元) is its own, not the small car's 20元 times a multiplier.
 */
describe('千山积翠门地上停车场收费标准 (2024-05-29): a vehicle class with its own rates and its own 24 h cap', () => {
  const day = (halfHour: number, hour: number): TariffDayScheduleInput => [
    { label: '白天', start: '07:00', end: '19:00', pricing: per(30, halfHour) },
    { label: '夜间', start: '19:00', end: '07:00', pricing: per(60, hour) },
  ];
  const qianshan = tariffInput.parse({
    name: '千山积翠门地上停车场',
    effectiveFrom: '2024-05-29',
    schedule: { workday: day(100, 50), nonWorkday: day(100, 50) },
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small' } },
      { code: 'large', name: '大中型车', match: { size: 'large' }, schedule: { workday: day(150, 100), nonWorkday: day(150, 100) }, caps: { perRolling24h: 3000 } },
    ],
    freePeriod: { minutes: 30, inclusive: true },
    over24h: 'continue',
    caps: { perRolling24h: 2000 },
  } satisfies TariffInput);

  it('停车未超过半小时免收', () => {
    expect(amountOf(qianshan, '2025-03-03T08:00', '2025-03-03T08:30')).toBe(0);
  });

  it('超过半小时自停放开始时计费，不足一个计费时段按一个计费时段: 40 minutes by day cost 2 half hours', () => {
    expect(amountOf(qianshan, '2025-03-03T08:00', '2025-03-03T08:40')).toBe(200);
    expect(amountOf(qianshan, '2025-03-03T08:00', '2025-03-03T08:40', 'large')).toBe(300);
  });

  it('全天24小时按白天10小时: 小型车 20元 (not 24 + 6), 大中型车 its own 30元 (not 36 + 12, nor 20元 times a multiplier)', () => {
    expect(amountOf(qianshan, '2025-03-03T07:00', '2025-03-04T07:00')).toBe(2000);
    expect(amountOf(qianshan, '2025-03-03T07:00', '2025-03-04T07:00', 'large')).toBe(3000);
  });

  it('a night alone stays under the cap: 19:00-07:00 is 12 × 0.5元 = 6元 for the small car, 12元 for the large', () => {
    expect(amountOf(qianshan, '2025-03-03T19:00', '2025-03-04T07:00')).toBe(600);
    expect(amountOf(qianshan, '2025-03-03T19:00', '2025-03-04T07:00', 'large')).toBe(1200);
  });
});

describe('a tier counter that runs from entry (首小时 counted from arrival, even before the charging hours)', () => {
  const firstHour = per(30, 600, [{ uptoMinutes: 60, unitPrice: 500 }]);
  const day: TariffDayScheduleInput = [{ label: '白天', start: '08:00', end: '20:00', pricing: firstHour }];

  it('entry 07:30, exit 09:00: the first half hour of charging is still inside the first hour from entry, the second is not: 5 + 6', () => {
    const result = priced(tariffOf({ tierClock: 'fromEntry' }, day), '2025-03-03T07:30', '2025-03-03T09:00');
    expect(result.amount).toBe(1100);
    expect(result.breakdown.map((l) => l.amount)).toEqual([500, 600]);
  });

  it('the same stay with the counter over charged minutes: both half hours are the first hour, 5 + 5', () => {
    expect(amountOf(tariffOf({ tierClock: 'continue' }, day), '2025-03-03T07:30', '2025-03-03T09:00')).toBe(1000);
  });

  it('entry 06:00: by 08:00 the first hour from entry is long gone, every unit at 6元', () => {
    expect(amountOf(tariffOf({ tierClock: 'fromEntry' }, day), '2025-03-03T06:00', '2025-03-03T09:00')).toBe(1200);
  });

  it('with 超过24小时重新计费 the counter restarts at each 24 h from entry', () => {
    const t = tariffOf({ tierClock: 'fromEntry', over24h: 'afresh' }, day);
    // block 1, day 1 08:00-20:00: the first hour 2 × 5元, then 22 × 6元; block 2 from 08:00 next day is a new first hour: 2 × 5元
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-04T09:00')).toBe(2 * 500 + 22 * 600 + 2 * 500);
  });

  it('a vehicle class may count its own way: the large vehicle restarts its tiers each day', () => {
    const t = tariffOf(
      {
        tierClock: 'continue',
        vehicleClasses: [
          { code: 'small', name: '小型车', match: { size: 'small' } },
          { code: 'large', name: '大型车', match: { size: 'large' }, tierClock: 'restartDaily' },
        ],
      },
      day,
    );
    // 19:00-20:00 then 08:00-09:00 next day: continuing, the small car's second day is past the first hour
    expect(amountOf(t, '2025-03-03T19:00', '2025-03-04T09:00')).toBe(500 + 500 + 600 + 600);
    expect(amountOf(t, '2025-03-03T19:00', '2025-03-04T09:00', 'large')).toBe(4 * 500);
  });
});

describe('a free period judged on the chargeable minutes (收费时段内停放不超过15分钟免费)', () => {
  const day: TariffDayScheduleInput = [{ label: '白天', start: '08:00', end: '20:00', pricing: per(30, 300) }];
  const onChargeable = tariffOf({ freePeriod: { minutes: 15, inclusive: true, on: 'chargeable' } }, day);
  const onStay = tariffOf({ freePeriod: { minutes: 15, inclusive: true, on: 'stay' } }, day);

  it('07:50-08:10: 20 minutes parked, 10 of them charged: free when judged on charged minutes', () => {
    const result = priced(onChargeable, '2025-03-03T07:50', '2025-03-03T08:10');
    expect(result.amount).toBe(0);
    expect(result.freeReason).toBe('收费时段内停车10分钟，不超过免费时长15分钟');
  });

  it('the same stay judged on the whole stay: 20 minutes is over the 15 free, one unit charged', () => {
    expect(amountOf(onStay, '2025-03-03T07:50', '2025-03-03T08:10')).toBe(300);
  });

  it('a night spent outside the charging hours and 16 minutes inside them: charged', () => {
    expect(amountOf(onChargeable, '2025-03-02T22:00', '2025-03-03T08:16')).toBe(300);
  });
});

describe('vehicle class and special plates from what the camera reads', () => {
  it.each([
    ['粤B1234警', 'police'],
    ['京A0001应急', 'emergency'],
    ['使014578', 'embassy'],
    ['沪A1234领', 'consulate'],
    ['粤B12345', undefined],
    ['粤BD12345', undefined],
  ] as const)('%s is %s', (plate, special) => {
    expect(specialPlateOf(plate)).toBe(special);
  });

  it('a yellow plate is a large vehicle’s, save a 教练车’s (…学), and a size the device measured wins', () => {
    expect(vehicleOf('粤B12345', 2)).toMatchObject({ size: 'large', why: '黄牌按大型车' });
    expect(vehicleOf('粤B1234学', 2)).toMatchObject({ size: 'small', why: '教练车号牌' });
    expect(vehicleOf('粤B12345', 2, 'small')).toMatchObject({ size: 'small', why: '设备识别为小型车' });
  });

  it('a special plate says so in why, and an 8-character special plate is not taken for new energy', () => {
    expect(vehicleOf('京A0001应急', 0)).toEqual({ plateColour: 0, size: 'small', newEnergy: false, why: '小型车号牌，应急车辆号牌', special: 'emergency' });
  });

  const t = tariffOf({ freeSpecialPlates: ['police', 'emergency'] });
  const contextFor = (plate: string) => {
    const read = vehicleOf(plate, 0);
    return { vehicleClass: vehicleClassFor(t, read)!.code, ...(read.special ? { specialPlate: read.special } : {}) };
  };
  const priceFor = (plate: string) => fee(t, at('2025-03-03T08:00'), at('2025-03-03T10:00'), contextFor(plate));

  it('a police car parks free where the operator chose so, and the record says why', () => {
    const result = priceFor('粤B1234警');
    expect(result.amount).toBe(0);
    expect(result.freeReason).toBe('警车免费停放');
    expect(result.vehicleClass).toEqual({ code: 'small', name: '小型车' });
  });

  it('an embassy car the operator did not list pays like any other', () => {
    expect(priceFor('使014578').amount).toBe(400);
  });

  it('the amount alone, as a car leaving is priced, frees the same plates', () => {
    const amountFor = (plate: string) => feeAmount(t, at('2025-03-03T08:00'), at('2025-03-03T10:00'), contextFor(plate));
    expect(amountFor('粤B1234警')).toBe(0);
    expect(amountFor('使014578')).toBe(400);
  });

  it('every fee names the class it priced', () => {
    expect(priced(t, '2025-03-03T08:00', '2025-03-03T10:00', 'large').vehicleClass).toEqual({ code: 'large', name: '大型车' });
  });
});

describe('a calendar is bounded: pricing walks day by day around each listed day', () => {
  it('refuses more than 400 holidays, in Chinese, at the field', () => {
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const parsed = tariffRules.safeParse({ ...tariffOf(), calendar: { holidays: Array.from({ length: 401 }, (_, i) => day(i)), adjustedWorkdays: [] } });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['calendar', 'holidays'], message: '节假日最多400天' })]);
  });
});

describe('a stay of years prices in bounded work and lines', () => {
  // workdays 08:00-20:00 with a first-hour tier and a day cap, weekends free, the 2025 holidays listed: the pattern repeats by the week
  const t = tariffOf({
    calendar: calendar2025,
    tierClock: 'restartDaily',
    caps: { perNaturalDay: 1500 },
    schedule: { workday: [{ label: '白天', start: '08:00', end: '20:00', pricing: per(30, 300, [{ uptoMinutes: 60, unitPrice: 100 }]) }], nonWorkday: [], holiday: null },
  });

  it('ten years from March 2025: the same amount as pricing every day, a week at a time once the holidays are past, in under 300 lines', () => {
    const quick = priced(t, '2025-03-03T09:17', '2035-03-03T09:54');
    const walked = fee(t, at('2025-03-03T09:17'), at('2035-03-03T09:54'), { vehicleClass: 'small' }, { everyDay: true });
    expect(quick.amount).toBe(walked.amount);
    expect(quick.breakdown.length).toBeLessThan(300);
    expect(walked.breakdown.length).toBeGreaterThan(2500);
    expect(quick.breakdown.filter((l) => l.label.includes('同前7天计费')).length).toBeGreaterThan(0);
  });
});
