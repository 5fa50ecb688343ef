import {
  beijingOnStreetClass1,
  roadSampleTariff,
  tariffInput,
  tariffSourceText,
  tariffTemplateSources,
  type Tariff,
  type TariffDayScheduleInput,
  type TariffInput,
  type TariffRules,
} from '@parking/contract';
import { tariffs, tariffVersions } from '../schema/index.js';
import type { Tx } from './tenant-setup.js';

const rulesOf = ({ name: _name, version: _version, effectiveFrom: _from, effectiveTo: _to, ...rules }: Tariff): TariffRules => rules;

/**
 * What the 计费试算 can price from the first sign-in: a published city standard under its real name,
 * with its document, and a plainly named sample.
 */
const demoTariffs = [
  {
    name: '北京一类地区占道停车',
    description: `北京市道路停车 一类地区 小型车标准，依据 ${tariffSourceText(tariffTemplateSources.beijingOnStreetClass1)}`,
    tariff: beijingOnStreetClass1,
  },
  { name: roadSampleTariff.name, description: '示例费率（非城市标准）：白天半小时计费，夜间按次，大型车加倍，30分钟内免费', tariff: roadSampleTariff },
];

/**
 * An off-road commercial garage's price board, as shopping-centre garages post it: the first 15
 * minutes free, 5 元 an hour for the first 2 hours, then 3 元 an hour, every part hour counted as
 * one, at most 40 元 in each 24 hours from entry (past 24 hours charged afresh), day and night alike. Not a city standard: a lot's
 * own rate, priced by its operator.
 */
const garageDay: TariffDayScheduleInput = [
  {
    label: '全天',
    start: '00:00',
    end: '00:00',
    pricing: {
      kind: 'perUnit',
      tiers: [
        { uptoMinutes: 120, unitMinutes: 60, unitPrice: 500 },
        { uptoMinutes: null, unitMinutes: 60, unitPrice: 300 },
      ],
      rounding: { mode: 'up' },
    },
  },
];
export const commercialGarageTariff: Tariff = tariffInput.parse({
  name: '商业综合体地下停车场',
  effectiveFrom: '2025-01-01',
  schedule: { workday: garageDay, nonWorkday: garageDay, holiday: null },
  vehicleClasses: [{ code: 'car', name: '小型车' }],
  freePeriod: { minutes: 15, inclusive: true },
  tierClock: 'continue',
  over24h: 'afresh',
  caps: { perNaturalDay: null, perRolling24h: 4000 },
} satisfies TariffInput);

/** One tariff with its first version in force from its effective date; answers its id. */
export const insertDemoTariff = async (tx: Tx, tenantId: string, { name, description, tariff }: { name: string; description: string; tariff: Tariff }) => {
  const [row] = await tx.insert(tariffs).values({ tenantId, name, description }).returning({ id: tariffs.id });
  const effectiveFrom = new Date(`${tariff.effectiveFrom}T00:00:00+08:00`);
  await tx.insert(tariffVersions).values({ tenantId, tariffId: row!.id, versionNo: 1, effectiveFrom, rules: rulesOf(tariff) });
  return row!.id;
};

export const seedDemoTariffs = async (tx: Tx, tenantId: string) => {
  for (const demoTariff of demoTariffs) await insertDemoTariff(tx, tenantId, demoTariff);
};
