import { beijingOnStreetClass1, hangzhouCoreArea, type Tariff, type TariffRules } from '@parking/contract';
import { tariffs, tariffVersions } from '../schema/index.js';
import type { Tx } from './tenant-setup.js';

const rulesOf = ({ name: _name, version: _version, effectiveFrom: _from, effectiveTo: _to, ...rules }: Tariff): TariffRules => rules;

/** Two published city standards, so the 计费试算 has something to price from the first sign-in. */
const demoTariffs = [
  { name: '北京一类地区占道停车', description: '北京市占道停车 一类地区 小型车标准（大型车加倍）', tariff: beijingOnStreetClass1 },
  { name: '杭州核心区域道路停车', description: '杭州市区道路停车泊位 核心区域，首30分钟免费', tariff: hangzhouCoreArea },
];

export const seedDemoTariffs = async (tx: Tx, tenantId: string) => {
  for (const { name, description, tariff } of demoTariffs) {
    const [row] = await tx.insert(tariffs).values({ tenantId, name, description }).returning({ id: tariffs.id });
    const effectiveFrom = new Date(`${tariff.effectiveFrom}T00:00:00+08:00`);
    await tx.insert(tariffVersions).values({ tenantId, tariffId: row!.id, versionNo: 1, effectiveFrom, rules: rulesOf(tariff) });
  }
};
