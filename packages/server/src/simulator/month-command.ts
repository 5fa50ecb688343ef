import Fastify from 'fastify';
import { formatAmount, paymentChannelNames, paymentChannels } from '@parking/contract';
import { app } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/seed.js';
import type { SandboxBillAdjustment } from '../modules/payments/index.js';
import { fastifyOptions } from '../server-options.js';
import { simClock, simulateMonth, type MonthOptions, type MonthResult } from './month-run.js';

const yuan = (fen: number) => `${formatAmount(fen)} 元`;

/** The figures and checks of a month, as the command prints them. */
export const describeMonth = ({ figures: f, checks, seconds }: MonthResult) => {
  const lines = [
    `${f.days} 天，${f.lots} 个停车场：事件 ${f.events}（入场 ${f.entries}，出场 ${f.exits}，被拒 ${f.refused}），停车记录 ${f.stays}`,
    `支付：${paymentChannels.map((c) => `${paymentChannelNames[c]} ${f.payments[c].count} 笔 ${yuan(f.payments[c].amount)}`).join('，')}；收银台下单未付 ${f.abandonedCashier}`,
    `退款（第二人审核）：${f.refunds.count} 笔 ${yuan(f.refunds.amount)}`,
    `电子发票（订单页申请，沙箱平台开具）：申请 ${f.invoices.requested}，已开票 ${f.invoices.issued} 张 ${yuan(f.invoices.amount)}`,
    `商户停车券：发 ${f.coupons.issued} 张，出场使用 ${checks.coupons.used} 张，减免 ${yuan(checks.coupons.discount)}`,
    `未付驶离 ${f.unpaidExits}，转欠费 ${f.arrearsOpened}，追缴 ${f.recovered.count} 笔 ${yuan(f.recovered.amount)}`,
    `营收报表合计：实收 ${yuan(checks.report.received)}（${paymentChannels.map((c) => `${paymentChannelNames[c]} ${yuan(checks.report[c])}`).join('，')}），退款 ${yuan(checks.report.refunded)}，净收 ${yuan(checks.report.net)}，追缴 ${yuan(checks.report.recovered)}，应收 ${yuan(checks.report.receivable)}，欠费 ${yuan(checks.report.arrears)}，停车 ${checks.report.stays} 次`,
    `对账差错：注入 ${checks.mistakes.injected}（${f.injected.map((m) => `${m.day} ${m.kind} ${m.orderNo}`).join('；')}），找到 ${checks.mistakes.found}，处理 ${checks.mistakes.resolved}，余 ${checks.mistakes.unhandledAfter}`,
    ...checks.checks.map((c) => `${c.ok ? '✔' : '✘'} ${c.name}：${c.detail}`),
    `用时 ${seconds.toFixed(0)} 秒（${(f.events / seconds).toFixed(0)} 事件/秒）${checks.ok ? '；全部检查通过' : '；有检查未通过'}`,
  ];
  return lines;
};

/**
 * `npm run simulate -- --month YYYY-MM`: the whole app in this process on the database DATABASE_URL
 * names (a new one: the run creates its tenant), its clock the simulation's, the sandbox bill's
 * mistakes the ones the run injects. Exits non-zero when a check fails.
 */
export const runMonthCommand = async (options: Omit<MonthOptions, 'log'>) => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrate(database);
  await seedDemoData(database.db);
  const clock = simClock(new Date());
  const billAdjustments: SandboxBillAdjustment[] = [];
  const server = Fastify(fastifyOptions(false));
  await server.register(app, { config: { ...config, paymentProvider: 'sandbox' }, database, now: clock.now, sandboxBillAdjustments: billAdjustments });
  await server.ready();
  try {
    console.log(`仿真 ${options.month}：${options.lots} 个停车场，每天 ${options.carsPerDay} 辆车，种子 ${options.seed}，数据库 ${database.kind}`);
    const result = await simulateMonth({ app: server, db: database.db, clock, billAdjustments }, { ...options, log: (line) => console.log(line) });
    for (const line of describeMonth(result)) console.log(line);
    console.log(JSON.stringify({ ...result.figures, checks: result.checks, seconds: Math.round(result.seconds) }));
    return result.checks.ok;
  } finally {
    await server.close();
    await database.close();
  }
};
