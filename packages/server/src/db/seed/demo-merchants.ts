import { and, eq, inArray } from 'drizzle-orm';
import { couponTemplateInput, merchantInput, type CouponTemplateInput, type MerchantInput } from '@parking/contract';
import { addLedgerEntry, createCouponTemplate, createMerchant, issueCoupon, revokeCoupon } from '../../modules/marketing/index.js';
import { findOpenStay } from '../../modules/orders/index.js';
import { md5Hex } from '../../shared/passwords.js';
import type { Db } from '../client.js';
import { merchants, parkingLots, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const HOUR_MS = 3_600_000;

type DemoMerchant = Omit<MerchantInput, 'lotIds'> & { lots: string[]; topUp?: number };

/** A mall that pays ahead and a hotel billed monthly, both on 东门停车场. */
const demoMerchants: readonly DemoMerchant[] = [
  {
    name: '银泰百货',
    kind: 'mall',
    contactName: '陈经理',
    contactPhone: '13911110001',
    lots: ['东门停车场'],
    settlement: 'prepaid',
    overdraftLimit: 5_000,
    dailyCouponLimit: 200,
    account: 'yintai',
    password: md5Hex('yintai123'),
    topUp: 100_000,
  },
  {
    name: '如家酒店',
    kind: 'hotel',
    contactName: '林店长',
    contactPhone: '13911110002',
    lots: ['东门停车场'],
    settlement: 'postpaid',
    monthlyAmountLimit: 300_000,
    account: 'rujia',
    password: md5Hex('rujia123'),
  },
];

const demoTemplates: readonly CouponTemplateInput[] = [
  { name: '购物满200停车2小时', kind: 'minutes', minutes: 120, price: 600, validHours: 24, stackable: true, stackLimit: 2, beforeEntry: true },
  { name: '5元停车抵扣券', kind: 'amount', amountOff: 500, price: 500, validHours: 72, stackable: true, stackLimit: 3, beforeEntry: true },
  { name: '住客夜间免费', kind: 'period', periodStart: '20:00', periodEnd: '08:00', price: 1_500, validHours: 36, beforeEntry: true },
  { name: '会员8折券', kind: 'percent', discountPercent: 80, maxOff: 2_000, price: 300, validHours: 168, beforeEntry: true, withBenefits: true },
];

/** Coupons out now: [merchant, template, plate, issued hours ago]; the last is revoked. */
const demoIssues: readonly [string, string, string, number][] = [
  ['银泰百货', '购物满200停车2小时', '浙A3M501', 3],
  ['银泰百货', '5元停车抵扣券', '浙A3M502', 20],
  ['银泰百货', '会员8折券', '浙A3M503', 30],
  ['如家酒店', '住客夜间免费', '浙A3M504', 2],
  ['如家酒店', '住客夜间免费', '浙A3M505', 1],
];

/**
 * 商户 and 优惠券 of tenant demo for a fresh install, through the services as staff use them: two
 * merchants (one topped up, one billed monthly), a template of four kinds, coupons issued to plates
 * and one revoked, each with its ledger line. Runs once, after seedDemoDevices.
 */
export const seedDemoMerchants = (db: Db, now = new Date()) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, demo.id), eq(users.account, 'admin')));
    const [already] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.tenantId, demo.id)).limit(1);
    const lots = new Map(
      (
        await tx
          .select({ id: parkingLots.id, name: parkingLots.name })
          .from(parkingLots)
          .where(and(eq(parkingLots.tenantId, demo.id), inArray(parkingLots.name, [...new Set(demoMerchants.flatMap((m) => m.lots))])))
      ).map((l) => [l.name, l.id]),
    );
    if (!admin || already || lots.size === 0) return false;
    const auth = demoAdminAuth(demo.id, admin.id, 'demo-merchants');
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

    const merchantIds = new Map<string, string>();
    for (const { lots: names, topUp, ...merchant } of demoMerchants) {
      const created = await createMerchant(tx, auth, merchantInput.parse({ ...merchant, lotIds: names.map((name) => lots.get(name)!) }), ago(48));
      if (topUp) await addLedgerEntry(tx, auth, created.id, { kind: 'top_up', amount: topUp, remark: '首次充值' }, ago(47));
      merchantIds.set(created.name, created.id);
    }
    const templateIds = new Map<string, string>();
    for (const template of demoTemplates) templateIds.set(template.name, (await createCouponTemplate(tx, auth, couponTemplateInput.parse(template))).id);

    const issued = [];
    for (const [merchant, template, plateNumber, hoursAgo] of demoIssues) {
      const input = { merchantId: merchantIds.get(merchant)!, templateId: templateIds.get(template)!, plateNumber, plateColour: 0, remark: '' };
      issued.push(await issueCoupon(tx, { kind: 'staff', auth }, input, ago(hoursAgo), findOpenStay));
    }
    await revokeCoupon(tx, { kind: 'staff', auth }, issued.at(-1)!.id, '住客取消入住', ago(0.5));
    return true;
  });
