import { tariffEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { assignLotTariff, createTariff, deleteTariff, getTariff, listTariffs, listVersions, trialFee, updateTariff } from './tariff.service.js';

const tags = ['parking'];
const permission = 'tariff';

/** 计费规则 under /api/system/Tariff for holders of the 计费规则 page; a lot's tariff for holders of 停车场. */
export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '计费规则列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listTariffs(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.trial, { tags, summary: '计费试算（已保存规则按入场时生效的版本，或未保存的规则）', permission }),
    handler: async (request) => ok(await trialFee(request.db, requireAuth(request), request.body)),
  });

  app.route({
    ...routeOf(endpoints.versions, { tags, summary: '计费规则版本', permission }),
    handler: async (request) => ok(await listVersions(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '计费规则详情（含当前版本规则）', permission }),
    handler: async (request) => ok(await getTariff(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增计费规则', permission }),
    handler: async (request) => ok(await createTariff(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改计费规则（规则变化时自生效时间起新增版本）', permission }),
    handler: async (request) => ok(await updateTariff(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除计费规则（有停车场使用时不能删除）', permission }),
    handler: async (request) => {
      await deleteTariff(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });

  app.route({
    // setting a lot's tariff is part of managing the lot
    ...routeOf(endpoints.lotTariff, { tags, summary: '设置停车场计费规则（null 取消）', permission: 'parkingList' }),
    handler: async (request) => ok(await assignLotTariff(request.db, requireAuth(request), request.params.id, request.body.tariffId), '修改成功'),
  });
};
