import { tariffInput, type Tariff, type TariffDayScheduleInput, type TariffInput } from './tariff.schema.js';

/**
 * A road lot's sample rate, so the 计费试算 has a tariff that charges day and night and doubles for
 * large vehicles. Not a city standard (no published document behind it): 08:00-20:00 首小时内
 * 5元/半小时，首小时后 6元/半小时，不足半小时按半小时；20:00-次日08:00 按次 5元；黄牌(大型车)加倍；
 * 停车不超过30分钟免费；超过24小时重新计费.
 */
const roadSampleDay: TariffDayScheduleInput = [
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
];
export const roadSampleTariff: Tariff = tariffInput.parse({
  name: '路侧停车示例',
  effectiveFrom: '2025-01-01',
  schedule: { workday: roadSampleDay, nonWorkday: roadSampleDay, holiday: null },
  vehicleClasses: [
    { code: 'small', name: '小型车', match: { plateColours: [0, 1, 3, 4] } },
    { code: 'large', name: '大型车', match: { plateColours: [2] }, multiplier: 2 },
  ],
  freePeriod: { minutes: 30, inclusive: true },
  tierClock: 'continue',
  over24h: 'afresh',
} satisfies TariffInput);
