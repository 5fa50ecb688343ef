// The data the revenue-report benchmark runs on: a tenant of its own (revbench, so the orders data in
// demo and mw stays as it is), 150 lots and a year of stays (5,000,000 by default) with their payments,
// prepayments, arrears and recoveries, and refunds, written with generate_series in large statements in
// the order the app writes them, so the statement-level triggers of migration 0036 fill revenue_daily
// as they do in production. Idempotent: a tenant that already holds the stays is reused.
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../packages/server/src/db/client.js';
import { roleMenus, roles, tenants } from '../packages/server/src/db/schema/index.js';
import { insertTenant, setUpTenant } from '../packages/server/src/db/seed/tenant-setup.js';
import { hashPassword, md5Hex } from '../packages/server/src/modules/auth/passwords.js';

export const revenueTenant = 'revbench';
export const revenuePassword = 'admin123';
export const revenueLots = 150;
/** The end of the bench's year, a Shanghai midnight, so its 365 business days are whole: every stay left before it. */
export const revenueYearEnd = '2026-11-28T00:00:00+08:00';
export const revenueYear = { from: '2025-11-28', to: '2026-11-27' } as const;
const chunk = 250_000;

/** Tenant revbench with its administrator and a 财务 user holding only the finance menus; made once. */
export const ensureRevenueTenant = async (database: Database) => {
  const [found] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, revenueTenant));
  if (found) return found.id;
  const passwordHash = await hashPassword(md5Hex(revenuePassword));
  return database.db.transaction(async (tx) => {
    const values = { code: revenueTenant, name: '营收基准停车有限公司', title: '营收基准' };
    const tenantId = await insertTenant(tx, values);
    const setUp = await setUpTenant(tx, tenantId, values, { account: 'admin', realName: '系统管理员', passwordHash });
    const [role] = await tx.insert(roles).values({ tenantId, name: '财务', code: 'finance', description: '财务岗位菜单' }).returning({ id: roles.id });
    const granted = setUp.pagesByFolder.get('FinancialManagement') ?? [];
    await tx.insert(roleMenus).values(granted.map((menuId) => ({ tenantId, roleId: role!.id, menuId })));
    await setUp.addUser({ account: 'finance', realName: '基准财务', passwordHash, isAdministrator: false, position: 'finance', roleId: role!.id });
    return tenantId;
  });
};

// One stay per series value, all fixed here so the statements below only copy: its lot, when it left
// (uniformly over the year), its stay, fee, channel and what happens to its money (kind):
// 87 % paid at exit (a tenth of them with a 2-yuan discount), 8 % prepaid while parked, 1.2 % in
// arrears and still owed, 1.8 % in arrears later recovered (up to 60 days on), 1 % paid and then part
// refunded (approved up to 7 days on), 1 % free (no fee).
const chunkOf = `
  CREATE TEMP TABLE rev_chunk ON COMMIT DROP AS
  SELECT s.*, gen_random_uuid() AS id, gen_random_uuid() AS payment_id, l.id AS lot_id, s.exited - s.stay AS entered,
         CASE WHEN s.kind = 'exit' AND s.d < 0.1 AND s.fee > 200 THEN 200 ELSE 0 END AS discount,
         CASE s.kind
           WHEN 'prepaid' THEN s.exited - s.stay + (s.stay - interval '1 minute') * s.d
           WHEN 'recovered' THEN least(s.exited + s.d * interval '60 days', $1::timestamptz - interval '1 minute')
           ELSE s.exited - s.d * interval '50 seconds' END AS paid_at,
         greatest(100, (s.fee / 200) * 100) AS refund,
         least(s.exited + s.d * interval '7 days', $1::timestamptz - interval '1 minute') AS decided_at
  FROM (
    SELECT g, exited, stay, d, plate,
           CASE WHEN k < 0.01 THEN 0 ELSE fee END AS fee,
           CASE WHEN k < 0.01 THEN 'free' WHEN k < 0.09 THEN 'prepaid' WHEN k < 0.102 THEN 'arrears' WHEN k < 0.12 THEN 'recovered'
                WHEN k < 0.13 THEN 'refunded' ELSE 'exit' END AS kind,
           CASE WHEN c < 0.45 THEN 'wechat' WHEN c < 0.8 THEN 'alipay' WHEN c < 0.9 THEN 'balance' ELSE 'cash' END AS channel
    FROM (
      SELECT g, $1::timestamptz - random() * interval '365 days' AS exited, (5 + random() * 600) * interval '1 minute' AS stay,
             (1 + (random() * 59)::int) * 100 AS fee, random() AS k, random() AS c, random() AS d,
             (ARRAY['沪','沪','沪','苏','浙','皖','京','粤'])[1 + (random() * 7)::int]
               || substr('ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() * 23)::int, 1) || lpad(((random() * 99999)::int)::text, 5, '0') AS plate
      FROM generate_series($2::bigint, $3::bigint) g
    ) s0
  ) s
  JOIN rev_lots l ON l.n = s.g % $4`;

// the app's order: a stay is written as it is first seen (prepaid ones still parked, recovered ones in
// arrears), payments are written before the stay takes them (their stage is set from its state then),
// a refund is asked, the stay's discount and paid change, then the refund is approved
const steps: readonly (readonly [label: string, sql: string])[] = [
  [
    'stays',
    `INSERT INTO parking_records (id, tenant_id, lot_id, plate_number, entered_at, exited_at, state, amount_due, discount, paid, unpaid, created_at, updated_at)
     SELECT c.id, $1::uuid, c.lot_id, c.plate, c.entered,
            CASE WHEN c.kind = 'prepaid' THEN NULL ELSE c.exited END,
            CASE c.kind WHEN 'prepaid' THEN 'parked' WHEN 'arrears' THEN 'unpaid' WHEN 'recovered' THEN 'unpaid' ELSE 'closed' END,
            CASE WHEN c.kind = 'prepaid' THEN 0 ELSE c.fee END, c.discount,
            CASE WHEN c.kind IN ('prepaid', 'arrears', 'recovered') THEN 0 ELSE c.fee - c.discount END,
            CASE WHEN c.kind IN ('arrears', 'recovered') THEN c.fee ELSE 0 END,
            c.entered, c.entered
     FROM rev_chunk c`,
  ],
  [
    'payments',
    `INSERT INTO payments (id, tenant_id, record_id, channel, amount, idempotency_key, paid_at, created_at)
     SELECT c.payment_id, $1::uuid, c.id, c.channel, c.fee - c.discount, 'revbench-' || c.g, c.paid_at, c.paid_at
     FROM rev_chunk c WHERE c.kind NOT IN ('free', 'arrears')`,
  ],
  [
    'exits of prepaid and recovered stays',
    `UPDATE parking_records r SET
       exited_at = c.exited, state = 'closed', amount_due = c.fee, paid = c.fee, unpaid = 0, updated_at = greatest(c.exited, c.paid_at)
     FROM rev_chunk c WHERE r.id = c.id AND c.kind IN ('prepaid', 'recovered') AND r.tenant_id = $1::uuid`,
  ],
  [
    'recoveries',
    `INSERT INTO recovery_records (tenant_id, record_id, payment_id, plate_number, lot_id, amount, channel, recovered_at)
     SELECT $1::uuid, c.id, c.payment_id, c.plate, c.lot_id, c.fee, c.channel, c.paid_at FROM rev_chunk c WHERE c.kind = 'recovered'`,
  ],
  [
    'refunds asked',
    `INSERT INTO refunds (tenant_id, payment_id, record_id, amount, reason, status, requested_by, created_at, updated_at)
     SELECT $1::uuid, c.payment_id, c.id, c.refund, '基准退款', 'requested', $2::uuid, c.paid_at, c.paid_at FROM rev_chunk c WHERE c.kind = 'refunded'`,
  ],
  [
    'refunded stays',
    `UPDATE parking_records r SET discount = r.discount + c.refund, paid = r.paid - c.refund, updated_at = c.decided_at
     FROM rev_chunk c WHERE r.id = c.id AND c.kind = 'refunded' AND r.tenant_id = $1::uuid`,
  ],
  [
    'refunds approved',
    `UPDATE refunds f SET status = 'approved', decided_by = $2::uuid, decided_at = c.decided_at, updated_at = c.decided_at
     FROM rev_chunk c WHERE f.record_id = c.id AND c.kind = 'refunded' AND f.tenant_id = $1::uuid`,
  ],
];

/** Writes the tenant's stays up to `total`, a chunk a transaction, timing each step over all chunks. */
export const generateRevenueData = async (url: string, tenantId: string, total: number) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: present } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM parking_records WHERE tenant_id = $1', [tenantId]);
    const held = Number(present[0]!.n);
    if (held >= total) return { inserted: 0, seconds: 0, steps: new Map<string, number>() };

    await client.query(
      `INSERT INTO parking_lots (tenant_id, name, type, kind, total_spaces, free_count)
       SELECT $1, '营收基准停车场' || g, 1, 'lane', 500, 500 FROM generate_series(1, ${revenueLots}) g
       WHERE NOT EXISTS (SELECT 1 FROM parking_lots l WHERE l.tenant_id = $1 AND l.name = '营收基准停车场' || g)`,
      [tenantId],
    );
    await client.query(
      `CREATE TEMP TABLE rev_lots AS SELECT row_number() OVER (ORDER BY l.name) - 1 AS n, l.id FROM parking_lots l WHERE l.tenant_id = $1 AND l.name LIKE '营收基准停车场%'`,
      [tenantId],
    );
    const { rows: financeRows } = await client.query<{ id: string }>("SELECT id FROM users WHERE tenant_id = $1 AND account = 'finance'", [tenantId]);
    const financeId = financeRows[0]!.id;

    const spent = new Map<string, number>();
    const started = performance.now();
    for (let from = held; from < total; from += chunk) {
      const to = Math.min(total, from + chunk) - 1;
      await client.query('BEGIN');
      await client.query(chunkOf, [revenueYearEnd, from, to, revenueLots]);
      for (const [label, text] of steps) {
        const t0 = performance.now();
        await client.query(text, label.startsWith('refunds') ? [tenantId, financeId] : [tenantId]);
        spent.set(label, (spent.get(label) ?? 0) + (performance.now() - t0) / 1000);
      }
      await client.query('COMMIT');
      process.stdout.write(`  stays ${(to + 1).toLocaleString('en')} / ${total.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    await client.query('VACUUM ANALYZE parking_lots, parking_records, payments, refunds, recovery_records, revenue_daily');
    return { inserted: total - held, seconds: (performance.now() - started) / 1000, steps: spent };
  } finally {
    await client.end();
  }
};
