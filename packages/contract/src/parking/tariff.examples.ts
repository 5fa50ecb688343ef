import { tariffInput, type Tariff, type TariffCalendar, type TariffDayScheduleInput, type TariffInput } from './tariff.schema.js';

/**
 * Published city fee standards written as our tariffs. Each proves the model can express it;
 * figures are as published (or as noted where we could not find the text) and must be checked
 * against the current notice before a lot uses them.
 */

/** 2025 法定节假日 and 调休 workdays (国务院办公厅 2025 年部分节假日安排). */
export const calendar2025: TariffCalendar = {
  holidays: [
    '2025-01-01',
    ...['01-28', '01-29', '01-30', '01-31', '02-01', '02-02', '02-03', '02-04'].map((d) => `2025-${d}`),
    '2025-04-04',
    '2025-04-05',
    '2025-04-06',
    '2025-05-01',
    '2025-05-02',
    '2025-05-03',
    '2025-05-04',
    '2025-05-05',
    '2025-05-31',
    '2025-06-01',
    '2025-06-02',
    ...['01', '02', '03', '04', '05', '06', '07', '08'].map((d) => `2025-10-${d}`),
  ],
  adjustedWorkdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
};

const sameEveryDay = (segments: TariffDayScheduleInput) => ({ workday: segments, nonWorkday: segments, holiday: null });

/**
 * 北京 占道停车 小型车 (北京市非居住区公共停车场临时停放收费标准):
 * 白天 07:00-21:00 首小时内 每15分钟 a 元，首小时外 每15分钟 b 元，不满15分钟不收费；
 * 夜间 21:00-次日07:00 1元/2小时，不满2小时不收费。大型车按小型车 2 倍计。
 */
const beijingOnStreet = (area: string, firstHourFen: number, afterFen: number): Tariff =>
  tariffInput.parse({
    name: `北京占道停车 ${area}`,
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

/** 一类地区: 三环路(含)以内及 CBD、燕莎、中关村西区、翠微商业区 — 首小时内 2.5元/15分钟，之后 3.75元/15分钟。 */
export const beijingOnStreetClass1 = beijingOnStreet('一类地区', 250, 375);
/** 二类地区: 五环路(含)以内其他区域 — 首小时内 1.5元/15分钟，之后 2.25元/15分钟。 */
export const beijingOnStreetClass2 = beijingOnStreet('二类地区', 150, 225);
/** 三类地区: 五环路以外 — 首小时内 0.5元/15分钟，之后 0.75元/15分钟。 */
export const beijingOnStreetClass3 = beijingOnStreet('三类地区', 50, 75);

/**
 * 杭州市区道路停车泊位 核心区域 小型车: 08:00-20:00 首小时内 5元/半小时，首小时后 6元/半小时，
 * 不足半小时按半小时计；20:00-次日08:00 按次 5元。黄牌(大型车)按小型车加倍。
 * 首30分钟免费 as issue #5 summarises Hangzhou's 城区道路 rule (a stay of at most 30 minutes costs nothing).
 */
export const hangzhouCoreArea: Tariff = tariffInput.parse({
  name: '杭州道路停车 核心区域',
  effectiveFrom: '2025-01-01',
  schedule: sameEveryDay([
    {
      label: '白天',
      start: '08:00',
      end: '20:00',
      pricing: {
        kind: 'perUnit',
        tiers: [
          { uptoMinutes: 60, unitMinutes: 30, unitPrice: 500 },
          { uptoMinutes: null, unitMinutes: 30, unitPrice: 600 },
        ],
        rounding: { mode: 'up' },
      },
    },
    { label: '夜间', start: '20:00', end: '08:00', pricing: { kind: 'perVisit', price: 500 } },
  ]),
  vehicleClasses: [
    { code: 'small', name: '小型车', match: { plateColours: [0, 1, 3, 4] } },
    { code: 'large', name: '大型车', match: { plateColours: [2] }, multiplier: 2 },
  ],
  freePeriod: { minutes: 30, inclusive: true },
  tierClock: 'continue',
  over24h: 'afresh',
} satisfies TariffInput);

/**
 * 杭州 中山北路 道路停车 (posted standard): 收费时段 07:00-22:00；蓝牌 首小时 5元，之后每半小时 3元；
 * 黄牌 首小时 8元，之后每半小时 5元；不足半小时按半小时，连续累计计时；当日连续停放最高 50元/辆；
 * 15分钟内免费，超过15分钟从进入泊位时起计费。
 */
const zhongshanDay = (firstHourFen: number, halfHourFen: number): TariffDayScheduleInput => [
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
export const hangzhouZhongshanNorthRoad: Tariff = tariffInput.parse({
  name: '杭州中山北路 道路停车',
  effectiveFrom: '2025-01-01',
  schedule: sameEveryDay(zhongshanDay(500, 300)),
  vehicleClasses: [
    { code: 'blue', name: '蓝牌车', match: { plateColours: [0] } },
    { code: 'yellow', name: '黄牌车', match: { plateColours: [2] }, schedule: sameEveryDay(zhongshanDay(800, 500)) },
  ],
  freePeriod: { minutes: 15, inclusive: true },
  tierClock: 'continue',
  over24h: 'continue',
  caps: { perNaturalDay: 5000 },
} satisfies TariffInput);

/**
 * 深圳 路内停车 一类区域 小型车, written from memory of the 深圳市路内停车收费标准 (the search
 * corpus held no copy; check the figures): 工作日 07:30-21:00 收费，每30分钟计费，不足30分钟按30分钟；
 * 非工作日及法定节假日 免费；停车15分钟以内免费（不含15分钟）；新能源小汽车 首1小时免费；大型车加倍。
 */
const shenzhenWorkday = (firstHourFen: number): TariffDayScheduleInput => [
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
export const shenzhenOnStreetClass1: Tariff = tariffInput.parse({
  name: '深圳路内停车 一类区域',
  effectiveFrom: '2025-01-01',
  calendar: calendar2025,
  schedule: { workday: shenzhenWorkday(500), nonWorkday: [], holiday: null },
  vehicleClasses: [
    { code: 'small', name: '小型车', match: { size: 'small', newEnergy: false } },
    {
      code: 'smallNewEnergy',
      name: '新能源小型车',
      match: { size: 'small', newEnergy: true },
      schedule: { workday: shenzhenWorkday(0), nonWorkday: [], holiday: null },
    },
    { code: 'large', name: '大型车', match: { size: 'large' }, multiplier: 2 },
  ],
  freePeriod: { minutes: 15, inclusive: false },
  tierClock: 'restartDaily',
  over24h: 'continue',
} satisfies TariffInput);
