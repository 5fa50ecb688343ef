import { parseArgs } from 'node:util';
import { postDeviceCall } from '../modules/devices/index.js';
import { runMonthCommand } from './month-command.js';
import { heartbeatAll, runTraffic, type DeviceSender } from './run-traffic.js';
import { consoleApi, setUpSimulation, signIn, SimulationError } from './simulation-setup.js';
import { planTraffic } from './traffic-plan.js';

const usage = `用法: npm run simulate -- [选项]

以摄像机、PDA 的身份通过设备接口向运行中的服务发送车辆事件。
首次运行时以管理员身份建好仿真停车场、车道、泊位和设备（已存在则沿用并重置设备密钥）。

  --url URL          服务地址（默认 http://127.0.0.1:$PORT，PORT 默认 8080，与 npm start 相同）
  --tenant CODE      租户账号（默认 demo）
  --account NAME     管理员账号（默认 admin）
  --password PASS    管理员密码（默认 admin123）
  --lots N           停车场数量（默认 1）
  --streets K        其中路内路段（泊位+PDA）的数量（默认 N/3 取整）
  --rate R           每个停车场每分钟平均到达车辆数（默认 2）
  --cars C           改为总共恰好 C 辆车
  --minutes M        模拟的时长，分钟（默认 60）
  --realtime         按真实时间逐条发送（默认一次发完，事件时间为过去 M 分钟内）
  --concurrency K    同时发送的停车场数（默认 4；每个停车场内按时间顺序发送）
  --seed S           随机种子（相同种子得到相同车流）
  --help             显示本说明

一个月的小城市（不连运行中的服务：在本进程内启动整个应用，数据库为 DATABASE_URL，应为新库）：
  --month YYYY-MM    按天模拟该月：出入场、各渠道缴费、未付驶离转欠费与追缴、现金与线上退款（第二人审核）、
                     每日对账（向沙箱账单注入已知差错），最后检查记录、营收报表与对账并打印数字
  --lots N           停车场数量（默认 20）
  --cars-per-day C   每天车辆总数（默认 3000）
  --days D           只模拟该月前 D 天
  --tenant CODE      新建的租户编码（默认 sim-month）
  --seed S           随机种子（默认 1）
  --cash-refunds-only 只退现金（默认也退线上（沙箱）支付的款，经支付渠道原路退回）`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    tenant: { type: 'string', default: 'demo' },
    account: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
    lots: { type: 'string', default: '1' },
    streets: { type: 'string' },
    rate: { type: 'string', default: '2' },
    cars: { type: 'string' },
    minutes: { type: 'string', default: '60' },
    realtime: { type: 'boolean', default: false },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    help: { type: 'boolean', default: false },
    month: { type: 'string' },
    'cars-per-day': { type: 'string', default: '3000' },
    days: { type: 'string' },
    'cash-refunds-only': { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const positive = (name: string, text: string | undefined, { integer = true, min = 1 } = {}) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) fail(`--${name} 应为${integer ? '整数' : '数'}且不小于 ${min}`);
  return n;
};

const main = async () => {
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.month !== undefined) {
    const ok = await runMonthCommand({
      month: values.month,
      lots: values.lots === '1' && !process.argv.includes('--lots') ? 20 : positive('lots', values.lots),
      carsPerDay: positive('cars-per-day', values['cars-per-day']),
      ...(values.days === undefined ? {} : { days: positive('days', values.days) }),
      seed: values.seed === undefined ? 1 : positive('seed', values.seed, { min: 0 }),
      tenant: values.tenant === 'demo' ? 'sim-month' : values.tenant,
      refundOnline: !values['cash-refunds-only'],
    });
    if (!ok) process.exitCode = 1;
    return;
  }
  const baseUrl = values.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const lots = positive('lots', values.lots);
  const streets = values.streets === undefined ? Math.floor(lots / 3) : positive('streets', values.streets, { min: 0 });
  if (streets > lots) fail('--streets 不能大于 --lots');
  const minutes = positive('minutes', values.minutes);
  const rate = positive('rate', values.rate, { integer: false, min: 0.001 });
  const cars = values.cars === undefined ? undefined : positive('cars', values.cars);
  const concurrency = positive('concurrency', values.concurrency);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : positive('seed', values.seed, { min: 0 });

  const token = await signIn(baseUrl, values.tenant, values.account, values.password);
  const { simLots, devices } = await setUpSimulation(consoleApi(baseUrl, token), values.tenant, lots, streets);
  const send: DeviceSender = (path, device, fields) => postDeviceCall(baseUrl, path, device, fields);
  await heartbeatAll(send, devices);

  const start = values.realtime ? new Date() : new Date(Date.now() - minutes * 60_000);
  const plan = planTraffic({ lots: simLots, ratePerMinute: rate, minutes, start, seed, ...(cars === undefined ? {} : { cars }) });
  console.log(`种子 ${seed}：${simLots.length} 个停车场，${plan.length} 条事件，${values.realtime ? '按真实时间发送' : '一次发完'}`);
  const began = performance.now();
  // in real time every lot keeps its own clock, so all of them are sent to at once
  const summary = await runTraffic(send, devices, plan, { realtime: values.realtime, concurrency: values.realtime ? simLots.length : concurrency });
  const seconds = (performance.now() - began) / 1000;
  console.log(
    `发送 ${summary.sent} 条（${(summary.sent / seconds).toFixed(0)} 条/秒）：入场 ${summary.entries}，出场 ${summary.exits}，` +
      `当即放行 ${summary.released}，待付 ${(summary.amountToPay / 100).toFixed(2)} 元，异常 ${summary.abnormal}，` +
      `重发 ${summary.resends}（识别为重复 ${summary.duplicatesAcknowledged}），被拒 ${summary.refused.length}`,
  );
  for (const refused of summary.refused.slice(0, 10)) console.log(`  被拒 ${refused.deviceEventId}：${refused.status} ${refused.msg}`);
  console.log(JSON.stringify({ seed, ...summary, refused: summary.refused.length }));
  if (summary.refused.length > 0) process.exitCode = 2;
};

try {
  await main();
} catch (error) {
  if (!(error instanceof SimulationError)) throw error;
  fail(error.message);
}
