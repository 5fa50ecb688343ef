import {
  envelope,
  lotTariffInput,
  parkingLot,
  tariffDetail,
  tariffListQuery,
  tariffPage,
  tariffPaths,
  tariffSaveInput,
  tariffTrialInput,
  tariffTrialResult,
  tariffUpdateInput,
  tariffVersion,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { assignLotTariff, createTariff, deleteTariff, getTariff, listTariffs, listVersions, trialFee, updateTariff } from './tariff.service.js';

const tags = ['parking'];
const permission = 'tariff';
const idParams = z.object({ id: z.uuid('计费规则编号格式不正确') });
const lotParams = z.object({ id: z.uuid('停车场编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 计费规则 under /api/system/Tariff for holders of the 计费规则 page; a lot's tariff for holders of 停车场. */
export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    tariffPaths.list,
    { config: { permission }, schema: { tags, summary: '计费规则列表', querystring: tariffListQuery, response: { 200: envelope(tariffPage) } } },
    async (request) => ok(await listTariffs(request.db, requireAuth(request), request.query)),
  );

  app.post(
    tariffPaths.trial,
    {
      config: { permission },
      schema: { tags, summary: '计费试算（已保存规则按入场时生效的版本，或未保存的规则）', body: tariffTrialInput, response: { 200: envelope(tariffTrialResult) } },
    },
    async (request) => ok(await trialFee(request.db, requireAuth(request), request.body)),
  );

  app.get(
    tariffPaths.versions,
    { config: { permission }, schema: { tags, summary: '计费规则版本', params: idParams, response: { 200: envelope(z.array(tariffVersion)) } } },
    async (request) => ok(await listVersions(request.db, requireAuth(request), request.params.id)),
  );

  app.get(
    tariffPaths.item,
    { config: { permission }, schema: { tags, summary: '计费规则详情（含当前版本规则）', params: idParams, response: { 200: envelope(tariffDetail) } } },
    async (request) => ok(await getTariff(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    tariffPaths.list,
    { config: { permission }, schema: { tags, summary: '新增计费规则', body: tariffSaveInput, response: { 200: envelope(tariffDetail) } } },
    async (request) => ok(await createTariff(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    tariffPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改计费规则（规则变化时自生效时间起新增版本）', params: idParams, body: tariffUpdateInput, response: { 200: envelope(tariffDetail) } },
    },
    async (request) => ok(await updateTariff(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    tariffPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除计费规则（有停车场使用时不能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteTariff(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  app.put(
    tariffPaths.lotTariff,
    {
      // setting a lot's tariff is part of managing the lot
      config: { permission: 'parkingList' },
      schema: { tags, summary: '设置停车场计费规则（null 取消）', params: lotParams, body: lotTariffInput, response: { 200: envelope(parkingLot) } },
    },
    async (request) => ok(await assignLotTariff(request.db, requireAuth(request), request.params.id, request.body.tariffId), '修改成功'),
  );
};
