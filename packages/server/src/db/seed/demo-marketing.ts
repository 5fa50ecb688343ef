import { and, eq, inArray } from 'drizzle-orm';
import { businessDay, type GroupCardBenefit } from '@parking/contract';
import type { Db } from '../client.js';
import { groupCards, groups, parkingLots, specialBills, tenants } from '../schema/index.js';

const DAY_MS = 86_400_000;

const demoGroups = [
  { name: '科兴科技有限公司', contact: '李经理', phone: '13800138001', remark: '东门停车场月度协议单位' },
  { name: '万象物业管理有限公司', contact: '王主管', phone: '13900139002', remark: '' },
] as const;

/** Cards of each kind of benefit; one ran out last month, so the list shows each state but 未生效. */
const demoCards: readonly {
  cardNo: string;
  group: (typeof demoGroups)[number]['name'];
  benefit: GroupCardBenefit;
  discountPercent?: number;
  amountOff?: number;
  plates: string[];
  lots: string[];
  /** days from today */
  from: number;
  to: number;
  monthlyQuota: number | null;
  allowBind?: boolean;
}[] = [
  { cardNo: 'JT-2026-0001', group: '科兴科技有限公司', benefit: 'free', plates: ['浙A8K201', '浙A8K202'], lots: ['东门停车场'], from: -30, to: 335, monthlyQuota: 22, allowBind: true },
  {
    cardNo: 'JT-2026-0002',
    group: '万象物业管理有限公司',
    benefit: 'discount',
    discountPercent: 80,
    plates: ['浙A6W918'],
    lots: ['中山路', '人民路'],
    from: -90,
    to: 275,
    monthlyQuota: null,
  },
  {
    cardNo: 'JT-2026-0003',
    group: '科兴科技有限公司',
    benefit: 'amount',
    amountOff: 500,
    plates: ['浙AD73520'],
    lots: ['东门停车场', '中山路', '人民路'],
    from: -120,
    to: -20,
    monthlyQuota: 10,
  },
];

const demoBills = [
  { lot: '东门停车场', plateNumber: '浙A6W918', item: '过夜服务费', amount: 3000, remark: '周末过夜停放', status: 'unpaid' as const },
  { lot: '中山路', plateNumber: '浙A3L077', item: '车辆损坏赔偿', amount: 12050, remark: '倒车撞坏地锁，车主已确认', status: 'unpaid' as const },
  { lot: '人民路', plateNumber: null, item: '临时占道施工费', amount: 20000, remark: '开错收费项目，已另开', status: 'cancelled' as const },
];

/**
 * Groups, their cards and a few special bills of tenant demo for a fresh install, on the lots
 * seedDemoDevices made, so 集团、集团卡 and 特殊账单 open on examples. Runs once, after it.
 */
export const seedDemoMarketing = (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const tenantId = demo.id;
    const names = [...new Set([...demoCards.flatMap((c) => c.lots), ...demoBills.map((b) => b.lot)])];
    const lotIds = new Map(
      (
        await tx
          .select({ id: parkingLots.id, name: parkingLots.name })
          .from(parkingLots)
          .where(and(eq(parkingLots.tenantId, tenantId), inArray(parkingLots.name, names)))
      ).map((l) => [l.name, l.id]),
    );
    if (lotIds.size < names.length) return false;
    const groupIds = new Map<string, string>();
    for (const group of demoGroups) {
      const [row] = await tx
        .insert(groups)
        .values({ tenantId, ...group })
        .returning({ id: groups.id });
      groupIds.set(group.name, row!.id);
    }
    const day = (offset: number) => businessDay(new Date(now.getTime() + offset * DAY_MS));
    for (const { group, lots, from, to, ...card } of demoCards) {
      await tx.insert(groupCards).values({ tenantId, groupId: groupIds.get(group)!, ...card, lotIds: lots.map((name) => lotIds.get(name)!), validFrom: day(from), validTo: day(to) });
    }
    for (const [index, { lot, status, ...bill }] of demoBills.entries()) {
      const createdAt = new Date(now.getTime() - (index + 1) * 5 * 3_600_000);
      await tx.insert(specialBills).values({ tenantId, lotId: lotIds.get(lot)!, ...bill, status, cancelledAt: status === 'cancelled' ? now : null, createdBy: 'admin', createdAt });
    }
    return true;
  });
