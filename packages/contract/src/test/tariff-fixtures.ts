import { tariffInput, type Tariff, type TariffDayScheduleInput, type TariffInput } from '../parking/tariff.schema.js';
import { roadSampleTariff } from '../parking/tariff.samples.js';
import { calendar2025 } from '../parking/tariff.examples.js';

/**
 * Sample tariffs for the tests and the benchmark only: each exercises a part of the model (tiers,
 * rounding, per-visit segments, free periods, caps, class schedules, day types). None is a city's
 * standard. Some were once bundled as city templates, written from memory or from an unsourced
 * summary; the templates now follow their published documents (tariff.examples.ts), and these keep
 * the old figures so the tests that priced them keep their meaning.
 */

const sameEveryDay = (segments: TariffDayScheduleInput) => ({ workday: segments, nonWorkday: segments, holiday: null });

/**
 * 白天 07:00-21:00 首小时内 每15分钟 a 元，首小时外 每15分钟 b 元，不满15分钟不收费；
 * 夜间 21:00-次日07:00 1元/2小时，不满2小时不收费；大型车按小型车 2 倍。
 */
const quarterHourDayNight = (name: string, firstHourFen: number, afterFen: number): Tariff =>
  tariffInput.parse({
    name,
    effectiveFrom: '2025-01-01',
    schedule: sameEveryDay([
      {
        label: '白天',
        start: '07:00',
        end: '21:00',
        pricing: {
          kind: 'perUnit',
          tiers: [
            { uptoMinutes: 60, unitMinutes: 15, unitPrice: firstHourFen },
            { uptoMinutes: null, unitMinutes: 15, unitPrice: afterFen },
          ],
          rounding: { mode: 'down' },
        },
      },
      {
        label: '夜间',
        start: '21:00',
        end: '07:00',
        pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 120, unitPrice: 100 }], rounding: { mode: 'down' } },
      },
    ]),
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small' } },
      { code: 'large', name: '大型车', match: { size: 'large' }, multiplier: 2 },
    ],
    tierClock: 'continue',
    over24h: 'continue',
  } satisfies TariffInput);

/** 首小时内 2.5元/15分钟，之后 3.75元/15分钟 (白天 07-21)。 */
export const sampleQuarterHourDayNight = quarterHourDayNight('示例 15分钟计费 白天夜间', 250, 375);
/** 首小时内 1.5元/15分钟，之后 2.25元/15分钟 (白天 07-21)。 */
export const sampleQuarterHourDayNightMid = quarterHourDayNight('示例 15分钟计费 白天夜间 中档', 150, 225);
/** 首小时内 0.5元/15分钟，之后 0.75元/15分钟 (白天 07-21)。 */
export const sampleQuarterHourDayNightLow = quarterHourDayNight('示例 15分钟计费 白天夜间 低档', 50, 75);

/** The demo's road sample (tariff.samples.ts): 白天 首小时 5元/半小时 then 6元, 夜间 按次 5元, 30 minutes free, afresh every 24 h. */
export const sampleHalfHourDayPerVisitNight: Tariff = roadSampleTariff;

/**
 * 收费时段 07:00-22:00；蓝牌 首小时 5元，之后每半小时 3元；黄牌 首小时 8元，之后每半小时 5元（自有费率）；
 * 不足半小时按半小时，连续累计计时；每个自然日最高 50元；停车不超过15分钟免费。
 */
const firstHourDay = (firstHourFen: number, halfHourFen: number): TariffDayScheduleInput => [
  {
    label: '收费时段',
    start: '07:00',
    end: '22:00',
    pricing: {
      kind: 'perUnit',
      tiers: [
        { uptoMinutes: 60, unitMinutes: 60, unitPrice: firstHourFen },
        { uptoMinutes: null, unitMinutes: 30, unitPrice: halfHourFen },
      ],
      rounding: { mode: 'up' },
    },
  },
];
export const sampleFirstHourDailyCap: Tariff = tariffInput.parse({
  name: '示例 首小时计费 当日封顶',
  effectiveFrom: '2025-01-01',
  schedule: sameEveryDay(firstHourDay(500, 300)),
  vehicleClasses: [
    { code: 'blue', name: '蓝牌车', match: { plateColours: [0] } },
    { code: 'yellow', name: '黄牌车', match: { plateColours: [2] }, schedule: sameEveryDay(firstHourDay(800, 500)) },
  ],
  freePeriod: { minutes: 15, inclusive: true },
  tierClock: 'continue',
  over24h: 'continue',
  caps: { perNaturalDay: 5000 },
} satisfies TariffInput);

/**
 * 工作日 07:30-21:00 收费，首小时 5元/30分钟，之后 5元/30分钟，不足30分钟按30分钟；非工作日及法定节假日
 * 免费 (calendar2025)；停车不足15分钟免费（不含15分钟）；新能源小型车自有费率，首1小时免费；大型车加倍；
 * 阶梯按自然日重计。
 */
const workdayDay = (firstHourFen: number): TariffDayScheduleInput => [
  {
    label: '白天',
    start: '07:30',
    end: '21:00',
    pricing: {
      kind: 'perUnit',
      tiers: [
        { uptoMinutes: 60, unitMinutes: 30, unitPrice: firstHourFen },
        { uptoMinutes: null, unitMinutes: 30, unitPrice: 500 },
      ],
      rounding: { mode: 'up' },
    },
  },
];
export const sampleWorkdayOnlyNewEnergy: Tariff = tariffInput.parse({
  name: '示例 工作日收费 新能源首小时免费',
  effectiveFrom: '2025-01-01',
  calendar: calendar2025,
  schedule: { workday: workdayDay(500), nonWorkday: [], holiday: null },
  vehicleClasses: [
    { code: 'small', name: '小型车', match: { size: 'small', newEnergy: false } },
    {
      code: 'smallNewEnergy',
      name: '新能源小型车',
      match: { size: 'small', newEnergy: true },
      schedule: { workday: workdayDay(0), nonWorkday: [], holiday: null },
    },
    { code: 'large', name: '大型车', match: { size: 'large' }, multiplier: 2 },
  ],
  freePeriod: { minutes: 15, inclusive: false },
  tierClock: 'restartDaily',
  over24h: 'continue',
} satisfies TariffInput);
