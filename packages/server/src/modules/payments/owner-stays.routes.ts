import { customerStayEndpoints, ownerEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { asOwner } from '../customers/index.js';
import type { DriverPayRoutesOptions } from './driver-pay.routes.js';
import { inProcessDelivery, sandboxGateway } from './gateway/sandbox-gateway.js';
import { customerPayments, customerStays, customersOwed, ownerArrearToPay, ownerArrears, ownerStays, payOwnerArrear } from './owner-stays.service.js';

const tags = ['public'];
const owned = { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

/**
 * The owner's 我的停车 and 欠费 (with 去支付) under /api/open/owner, and the console's 车主详情 stays:
 * stays are the record core's, the owner's plates customers', joined here above both.
 */
export const ownerStayRoutes: FastifyPluginAsyncZod<DriverPayRoutesOptions> = async (app, options) => {
  // the same provider the driver pages pay through; its notices arrive at their one notify route
  const gateway = options.provider === 'sandbox' ? sandboxGateway(app.db, options.sandboxSecret, options.deliver ?? inProcessDelivery(app), { now: () => app.now() }).gateway : undefined;

  app.route({
    ...routeOf(ownerEndpoints.stays, { tags, summary: '车主：我的停车（所有停车场，最新在前）', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerStays(tx, owner, request.query, app.now()))),
  });

  app.route({
    ...routeOf(ownerEndpoints.arrears, { tags, summary: '车主：我的欠费', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerArrears(tx, owner, app.now()))),
  });

  app.route({
    ...routeOf(ownerEndpoints.payArrear, { tags, summary: '车主：支付一笔欠费，答复收银台地址（到账即结清追缴）', ...owned }),
    handler: async (request) => {
      const owner = await asOwner(app.db, request, app.now(), async (tx, who) => ({ who, recordId: await ownerArrearToPay(tx, who, request.params.id) }));
      return ok(await payOwnerArrear(gateway, app.db, options.secret, owner.who, owner.recordId, options.publicBaseUrl, app.now()));
    },
  });

  app.route({
    ...routeOf(customerStayEndpoints.stays, { tags: ['customers'], summary: '车主详情：所有停车场的停车记录、实收与欠费（分页）', permission: 'customerList' }),
    handler: async (request) => ok(await customerStays(request.db, requireAuth(request), request.params.id, request.query, app.now())),
  });

  app.route({
    ...routeOf(customerStayEndpoints.payments, { tags: ['customers'], summary: '车主详情：名下车牌的支付记录（所有停车场，最新在前，分页）', permission: 'customerList' }),
    handler: async (request) => ok(await customerPayments(request.db, requireAuth(request), request.params.id, request.query)),
  });

  app.route({
    ...routeOf(customerStayEndpoints.owed, { tags: ['customers'], summary: '车主列表的欠费列：一页车主各自的欠费（一次查询）', permission: 'customerList' }),
    handler: async (request) => ok(await customersOwed(request.db, requireAuth(request), request.query.ids)),
  });
};
