import { and, eq } from 'drizzle-orm';
import { appealDecisionInput, invoiceRequestInput, ownerAppealInput, type InvoiceRequestInput } from '@parking/contract';
import { issueInvoice, queryInvoice, redFlushInvoice, requestOwnerInvoice, type InvoiceDeps } from '../../modules/finance/index.js';
import { sandboxInvoiceProvider } from '../../modules/finance/invoice-sandbox-provider.js';
import { recordPayment } from '../../modules/payments/index.js';
import { decideAppeal, fileOwnerAppeal } from '../../modules/service/index.js';
import type { Db } from '../client.js';
import { customers, devices, invoices, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';
import { demoCameraRead } from './demo-camera.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const keyPrefix = 'demo-invoice-';
/** 东门停车场's working cameras (seedDemoDevices) */
const cameras = { in: 'CAM-2026-0104', out: 'CAM-2026-0103' } as const;
/** 张先生 and his verified plate (seedDemoCustomers) */
const owner = { phone: '13800138001', plate: '粤B10001' };

/** What becomes of one request: left 待开票, or taken that far by staff. */
type Outcome = 'pending' | 'issuing' | 'issued' | 'failed' | 'redPending' | 'redFlushed';
interface DemoInvoice {
  /** the paid stay it covers: entered that many hours ago, for `minutes` */
  stay: { enteredHoursAgo: number; minutes: number };
  requestedHoursAgo: number;
  buyer: Omit<InvoiceRequestInput, 'paymentIds'>;
  outcome: Outcome;
}

const company = { buyerType: 'company', buyerTitle: '深圳市前海智行科技有限公司', taxNumber: '91350100M000100Y43', email: 'finance@zhixing.example.com' } as const;
const personal = { buyerType: 'personal', buyerTitle: '张先生', email: 'zhang@example.com' } as const;

/** 开票记录 in each state, newest first in the list */
const demoInvoices: readonly DemoInvoice[] = [
  { stay: { enteredHoursAgo: 30, minutes: 95 }, requestedHoursAgo: 1, buyer: personal, outcome: 'pending' },
  { stay: { enteredHoursAgo: 50, minutes: 140 }, requestedHoursAgo: 3, buyer: company, outcome: 'issuing' },
  { stay: { enteredHoursAgo: 74, minutes: 65 }, requestedHoursAgo: 20, buyer: company, outcome: 'issued' },
  { stay: { enteredHoursAgo: 98, minutes: 200 }, requestedHoursAgo: 30, buyer: { ...personal, buyerTitle: '测试失败（沙箱拒绝的抬头）' }, outcome: 'failed' },
  { stay: { enteredHoursAgo: 122, minutes: 180 }, requestedHoursAgo: 60, buyer: personal, outcome: 'redPending' },
  { stay: { enteredHoursAgo: 146, minutes: 150 }, requestedHoursAgo: 90, buyer: company, outcome: 'redFlushed' },
];

/**
 * 开票记录 of tenant demo for a fresh install, through the services owners and staff use: 张先生's paid
 * stays at 东门停车场, each asked to be invoiced from his phone and taken by the admin to one state — the
 * sandbox platform issuing (a week's delay keeps one 开票中), refusing the title it is told to refuse,
 * and an upheld appeal's refund marking an issued one 待红冲 (one of them red-flushed and reissued).
 * Runs after seedDemoCustomers and seedDemoDevices, once.
 */
export const seedDemoInvoices = (db: Db, dataDir: string, now = new Date()) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const tenantId = demo.id;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, owner.phone)));
    const [already] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.tenantId, tenantId)).limit(1);
    const deviceRows = await tx.select().from(devices).where(eq(devices.tenantId, tenantId));
    const entry = deviceRows.find((d) => d.sn === cameras.in);
    const exit = deviceRows.find((d) => d.sn === cameras.out);
    if (!admin || !customer || already || !entry || !exit) return false;

    const auth = demoAdminAuth(tenantId, admin.id, 'demo-invoices');
    const ownerContext = { sessionId: 'demo-invoices', tenantId, tenantCode: 'demo', customerId: customer.id, phone: owner.phone };
    const origin = { ip: '127.0.0.1', userAgent: 'demo-invoices' };
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    const depsAt = (at: Date, delayMs: number): InvoiceDeps => ({
      provider: sandboxInvoiceProvider({ delayMs }),
      mail: { send: async () => undefined },
      dataDir,
      now: () => at,
    });

    for (const [n, demoInvoice] of demoInvoices.entries()) {
      const enteredAt = ago(demoInvoice.stay.enteredHoursAgo);
      const exitedAt = new Date(enteredAt.getTime() + demoInvoice.stay.minutes * MINUTE_MS);
      const read = (device: typeof entry, kind: 'lane_entry' | 'lane_exit', at: Date) =>
        demoCameraRead(tx, device, dataDir, now, { id: `${keyPrefix}${n}-${kind}`, kind, plate: owner.plate, plateColour: 0, at });
      await read(entry, 'lane_entry', enteredAt);
      const left = await read(exit, 'lane_exit', exitedAt);
      if (!left.recordId || left.amountToPay <= 0) throw new Error(`demo invoice stay ${n} made no paid record`);
      const paymentInput = { recordId: left.recordId, channel: 'wechat' as const, amount: left.amountToPay, payer: '', remark: '' };
      const { payment } = await recordPayment(tx, { ...auth, userId: null }, paymentInput, `${keyPrefix}${left.recordId}`, new Date(exitedAt.getTime() + MINUTE_MS));

      const requestedAt = ago(demoInvoice.requestedHoursAgo);
      const request = invoiceRequestInput.parse({ ...demoInvoice.buyer, paymentIds: [payment.id] });
      const invoice = await requestOwnerInvoice(tx, ownerContext, request, origin, requestedAt);
      if (demoInvoice.outcome === 'pending') continue;
      const issuedAt = new Date(requestedAt.getTime() + 10 * MINUTE_MS);
      // a week at the platform keeps the one 开票中; the others are answered at once
      const issuing = depsAt(issuedAt, demoInvoice.outcome === 'issuing' ? 7 * 24 * HOUR_MS : 0);
      await issueInvoice(tx, auth, invoice.id, issuing);
      if (demoInvoice.outcome === 'issuing') continue;
      await queryInvoice(tx, tenantId, invoice.id, issuing);
      if (demoInvoice.outcome === 'issued' || demoInvoice.outcome === 'failed') continue;

      // 张先生 appeals the stay and the admin upholds it with a refund: the issued invoice is to be red-flushed
      const appealedAt = new Date(issuedAt.getTime() + HOUR_MS);
      const appeal = await fileOwnerAppeal(
        tx,
        ownerContext,
        ownerAppealInput.parse({ recordId: left.recordId, reason: 'wrong_time', content: '出口抬杆故障，多停了半小时，请退还多收的费用。' }),
        origin,
        appealedAt,
      );
      const refund = Math.min(left.amountToPay, 200);
      await decideAppeal(tx, auth, appeal.id, appealDecisionInput.parse({ kind: 'refund', amount: refund }), new Date(appealedAt.getTime() + HOUR_MS));
      if (demoInvoice.outcome === 'redFlushed') await redFlushInvoice(tx, auth, invoice.id, depsAt(new Date(appealedAt.getTime() + 2 * HOUR_MS), 0));
    }
    return true;
  });
