import { driverPayEndpoints as endpoints, sandboxCashierPaths, sandboxGatewayEndpoints, sandboxSignatureHeader } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from '../../config.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { keepRawJsonBody } from '../devices/index.js';
import {
  driverRecordView,
  exitLaneInfo as readExitLane,
  findDriverRecord,
  noOnlinePayment,
  receiveGatewayNotice,
  recordPayQrCode as makeRecordPayQrCode,
  startDriverPayment,
  stayCodeOf,
  stayCodePng,
} from './driver-record.service.js';
import { sandboxCashierPage } from './gateway/sandbox-cashier-page.js';
import { startSpecialBillPayment } from './special-bill-payment.service.js';
import { inProcessDelivery, inProcessNoticeAddress, sandboxGateway, type NoticeDelivery, type SandboxGateway } from './gateway/sandbox-gateway.js';

export interface DriverPayRoutesOptions {
  /** signs record tokens; the same key as the QR codes' scan tokens */
  secret: string;
  /** PAYMENT_PROVIDER: none serves no cashier and no notice, and refuses online payment */
  provider: PaymentProvider;
  /** the sandbox provider's notice-signing secret */
  sandboxSecret: string;
  /** config.publicBaseUrl: the origin of payment, notice and return addresses, never the request's */
  publicBaseUrl: string;
  /** how the sandbox posts its notices; in-process to this server unless a test says otherwise */
  deliver?: NoticeDelivery;
}

const tags = ['public'];
const noParams = z.object({ no: z.string().min(1).max(64) });
// drivers' phones, signed out: a plate is not guessed a thousand times a minute
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The driver's 扫码出场 / 扫码支付 under /api/open (no sign-in, rate-limited), the sandbox provider's
 * cashier pages and signed notice, and the staff call that makes a record's 收款二维码.
 */
export const driverPayRoutes: FastifyPluginAsyncZod<DriverPayRoutesOptions> = async (app, options) => {
  const sandbox = options.provider === 'sandbox' ? sandboxGateway(app.db, options.sandboxSecret, options.deliver ?? inProcessDelivery(app), { now: () => app.now() }) : undefined;
  const base = options.publicBaseUrl;

  app.route({
    ...routeOf(endpoints.exitLane, { tags, summary: '扫码出场：出口车道所在停车场、车道，及出口相机刚识别的车牌（无需登录）', public: true, ...perMinute(60) }),
    handler: async (request) => ok(await readExitLane(app.db, options.secret, request.query.t, app.now())),
  });

  app.route({
    ...routeOf(endpoints.findByPlate, { tags, summary: '扫码出场：按车牌查本停车场的在场订单，答复订单令牌（无需登录）', public: true, ...perMinute(20) }),
    handler: async (request) => ok(await findDriverRecord(app.db, options.secret, request.body, app.now())),
  });

  app.route({
    ...routeOf(endpoints.record, { tags, summary: '订单详情：按订单令牌（无需登录）', public: true, ...perMinute(120) }),
    handler: async (request) => ok(await driverRecordView(app.db, sandbox?.gateway, options.secret, request.query.o, app.now(), request.ip)),
  });

  app.route({
    ...routeOf(endpoints.stayCode, { tags, summary: '商户优惠码：在场车辆出示给商户扫码发券的地址（按订单令牌，2小时内有效，无需登录）', public: true, ...perMinute(60) }),
    handler: async (request) => ok(await stayCodeOf(app.db, options.secret, base, request.query.o, app.now())),
  });

  app.route({
    ...routeOf(endpoints.stayCodePng, { tags, summary: '商户优惠码图片（PNG；按订单令牌，无需登录）', public: true, ...perMinute(60) }),
    handler: async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .send(await stayCodePng(app.db, options.secret, base, request.query.o, app.now())),
  });

  app.route({
    ...routeOf(endpoints.pay, { tags, summary: '支付：为订单待付金额下单，答复收银台地址（无需登录）', public: true, ...perMinute(20) }),
    handler: async (request) => ok(await startDriverPayment(app.db, sandbox?.gateway, options.secret, request.body.o, base, app.now())),
  });

  app.route({
    ...routeOf(endpoints.specialBillPay, { tags, summary: '特殊账单支付：按账单二维码令牌下单，答复收银台地址（无需登录）', public: true, ...perMinute(20) }),
    handler: async (request) => ok(await startSpecialBillPayment(app.db, sandbox?.gateway, options.secret, request.body.t, base, app.now())),
  });

  if (sandbox) await app.register(sandboxRoutes, { sandbox, publicBaseUrl: base });

  app.route({
    ...routeOf(endpoints.recordPayQrCode, { tags: ['orders'], summary: '收款二维码：收费员PDA出示给车主扫码支付的地址（30分钟内有效）', permission: 'ParkingRecordOrder' }),
    handler: async (request) => {
      // a code the driver could not pay from is no use at the booth
      if (!sandbox) throw noOnlinePayment();
      return ok(await makeRecordPayQrCode(request.db, requireAuth(request), options.secret, base, request.params.id, app.now()));
    },
  });
};

/**
 * Where the cashier sends the driver back: the return address as a path of this site, so the redirect
 * cannot leave it; an address not under our base (made under an earlier one) goes to our home page.
 */
export const ownPath = (returnUrl: string, publicBaseUrl: string) => {
  const base = new URL(publicBaseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const home = `${prefix}/`;
  let target: URL;
  try {
    target = new URL(returnUrl);
  } catch {
    return home;
  }
  const under = target.pathname === prefix || target.pathname.startsWith(home);
  // a path starting // would be read by the browser as another host
  return target.origin === base.origin && under && !target.pathname.startsWith('//') ? `${target.pathname}${target.search}${target.hash}` : home;
};

/** The sandbox provider's side: the signed notice it posts, and the cashier page where the driver confirms or cancels. */
const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGateway; publicBaseUrl: string }> = async (app, { sandbox: { gateway, findTrade, decide }, publicBaseUrl }) => {
  // the notice is signed over its exact bytes: the raw body is kept in this scope only
  await app.register(async (scope) => {
    keepRawJsonBody(scope);
    scope.route({
      ...routeOf(sandboxGatewayEndpoints.notify, {
        tags,
        summary: '沙箱支付异步通知（HMAC-SHA256 签名见 X-Sandbox-Signature；重复通知只入账一次）',
        public: true,
        // 600 a minute from one address; the sandbox's own notices, handed over in-process, are not counted
        rateLimit: { max: 600, timeWindow: '1 minute', allowList: (request) => request.raw.socket.remoteAddress === inProcessNoticeAddress },
      }),
      handler: async (request) => {
        const signature = request.headers[sandboxSignatureHeader];
        return ok(await receiveGatewayNotice(app.db, gateway, request.rawBody ?? '', typeof signature === 'string' ? signature : undefined, request.ip, app.now()));
      },
    });
  });

  const cashierPaths = (no: string) => ({
    confirm: sandboxCashierPaths.confirm.replace(':no', encodeURIComponent(no)),
    cancel: sandboxCashierPaths.cancel.replace(':no', encodeURIComponent(no)),
  });
  const backTo = (trade: { returnUrl: string }) => ownPath(trade.returnUrl, publicBaseUrl);
  app.get(sandboxCashierPaths.page, { config: { public: true, ...perMinute(120) }, schema: { hide: true, params: noParams } }, async (request, reply) => {
    const trade = await findTrade(request.params.no);
    return reply.type('text/html; charset=utf-8').send(sandboxCashierPage(trade && { ...trade, returnUrl: backTo(trade) }, cashierPaths(request.params.no)));
  });
  for (const [path, outcome] of [
    [sandboxCashierPaths.confirm, 'paid'],
    [sandboxCashierPaths.cancel, 'cancelled'],
  ] as const) {
    app.post(path, { config: { public: true, ...perMinute(60) }, schema: { hide: true, params: noParams } }, async (request, reply) => {
      let trade;
      try {
        trade = await decide(request.params.no, outcome, app.now());
      } catch (error) {
        // the notice did not get through: the record page asks the provider instead
        request.log.warn({ err: error }, 'sandbox notice not delivered');
        trade = await findTrade(request.params.no);
      }
      if (!trade)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(sandboxCashierPage(undefined, cashierPaths(request.params.no)));
      return reply.redirect(backTo(trade), 303);
    });
  }
};
