import { and, asc, eq } from 'drizzle-orm';
import { complaintInput, ownerComplaintInput, type ComplaintInput, type OwnerComplaintInput } from '@parking/contract';
import { completeComplaint, createComplaint, fileOwnerComplaint, replyComplaint } from '../../modules/service/index.js';
import type { Db } from '../client.js';
import { complaints, customers, parkingRecords, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const HOUR_MS = 3_600_000;

/** One demo complaint: received `hoursAgo`, replied and completed that many hours ago (none: not yet). */
interface DemoComplaint {
  input: Omit<ComplaintInput, 'receivedAt'>;
  hoursAgo: number;
  replies?: readonly { hoursAgo: number; content: string }[];
  completed?: { hoursAgo: number; result: string };
}

/**
 * Each state of 客户投诉 once under the demo's 48 h 处理时限: 待处理 fresh and overdue, 处理中 with a
 * reply, 已完成 on time and late, across channels and categories.
 */
const staffComplaints: readonly DemoComplaint[] = [
  {
    input: {
      category: 'billing',
      channel: 'phone',
      contactName: '孙女士',
      contactPhone: '13912340001',
      plateNumber: '浙A6C725',
      content: '昨天下午在东门停车场停了不到1小时，出场扣了10元，按规则应该是5元，请核实。',
    },
    hoursAgo: 2,
  },
  {
    input: { category: 'attitude', channel: 'phone', contactName: '周先生', contactPhone: '13912340002', content: '路边收费员态度很差，问收费标准不回答，还催我赶紧交钱。' },
    hoursAgo: 60,
  },
  {
    input: {
      category: 'payment',
      channel: 'wechat_pay',
      contactName: '',
      contactPhone: '13912340003',
      plateNumber: '浙A2P618',
      content: '微信支付成功了但道闸没有抬杆，后面车一直按喇叭，最后是岗亭人工放行的。',
    },
    hoursAgo: 30,
    replies: [{ hoursAgo: 26, content: '您好，已调取出口车道记录，支付回调延迟约40秒，正在与支付渠道核实，24小时内答复您。' }],
  },
  {
    input: { category: 'barrier', channel: 'console', contactName: '吴经理', contactPhone: '13912340004', content: '东门出口道闸落杆过快，刮到车顶行李架。' },
    hoursAgo: 96,
    replies: [{ hoursAgo: 90, content: '已安排运维检查出口道闸防砸雷达。' }],
    completed: { hoursAgo: 72, result: '出口道闸地感与防砸雷达已校准，落杆延时调至3秒；车主接受维修补偿。' },
  },
  {
    input: { category: 'invoice', channel: 'phone', contactName: '郑女士', contactPhone: '13912340005', content: '停车费电子发票一直开不出来，提示订单不存在。' },
    hoursAgo: 144,
    completed: { hoursAgo: 70, result: '订单号填写有误，已协助车主按正确订单号开具电子发票。' },
  },
];

/**
 * 客户投诉 of tenant demo for a fresh install, through the complaint service as staff and an owner use
 * it: each state, an overdue one, a thread, and 张先生's own filing about his stay at 东门停车场 from the
 * owner's pages. Runs after seedDemoCustomers and seedDemoOwnerPayments, once.
 */
export const seedDemoComplaints = (db: Db, now = new Date()) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [demo] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
    if (!demo) return false;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, demo.id), eq(users.account, 'admin')));
    const [already] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.tenantId, demo.id)).limit(1);
    if (!admin || already) return false;
    const auth = demoAdminAuth(demo.id, admin.id, 'demo-complaints');
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

    for (const { input, hoursAgo, replies = [], completed } of staffComplaints) {
      const received = ago(hoursAgo);
      const created = await createComplaint(tx, auth, complaintInput.parse({ ...input, receivedAt: received.toISOString() }), received);
      for (const reply of replies) await replyComplaint(tx, auth, created.id, reply.content, ago(reply.hoursAgo));
      if (completed) await completeComplaint(tx, auth, created.id, completed.result, ago(completed.hoursAgo));
    }

    // 张先生 disputes the fee of his latest stay from his phone, when the demo gave him one
    const [owner] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, demo.id), eq(customers.phone, '13800138001')));
    const [stay] = owner
      ? await tx
          .select({ id: parkingRecords.id })
          .from(parkingRecords)
          .where(and(eq(parkingRecords.tenantId, demo.id), eq(parkingRecords.plateNumber, '粤B10001')))
          .orderBy(asc(parkingRecords.enteredAt))
          .limit(1)
      : [];
    if (owner) {
      const filing: OwnerComplaintInput = { category: 'billing', content: '停了2小时15分钟收了13元，门口公示首小时5元、之后每小时3元，应为11元，请核对计费。', recordId: stay?.id ?? null };
      const ownerContext = { sessionId: 'demo-complaints', tenantId: demo.id, tenantCode: 'demo', customerId: owner.id, phone: owner.phone };
      await fileOwnerComplaint(tx, ownerContext, ownerComplaintInput.parse(filing), { ip: '127.0.0.1', userAgent: 'demo-complaints' }, ago(5));
    }
    return true;
  });
