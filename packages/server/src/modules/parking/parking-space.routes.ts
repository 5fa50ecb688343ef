import {
  envelope,
  parkingSpace,
  parkingSpaceBatchInput,
  parkingSpaceBatchResult,
  parkingSpaceInput,
  parkingSpaceListQuery,
  parkingSpacePage,
  parkingSpacePaths,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import {
  createParkingSpace,
  createParkingSpaceBatch,
  deleteParkingSpace,
  getParkingSpace,
  listParkingSpaces,
  updateParkingSpace,
} from './parking-space.service.js';

const tags = ['parking'];
const permission = 'parkingSpace';
const idParams = z.object({ id: z.uuid('泊位编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 泊位 under /api/system/ParkingSpace, for holders of the 泊位 page; every write recounts the lot's totals. */
export const parkingSpaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    parkingSpacePaths.list,
    { config: { permission }, schema: { tags, summary: '泊位列表', querystring: parkingSpaceListQuery, response: { 200: envelope(parkingSpacePage) } } },
    async (request) => ok(await listParkingSpaces(request.db, requireAuth(request), request.query)),
  );

  app.get(
    parkingSpacePaths.item,
    { config: { permission }, schema: { tags, summary: '泊位详情', params: idParams, response: { 200: envelope(parkingSpace) } } },
    async (request) => ok(await getParkingSpace(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    parkingSpacePaths.list,
    { config: { permission }, schema: { tags, summary: '新增泊位', body: parkingSpaceInput, response: { 200: envelope(parkingSpace) } } },
    async (request) => ok(await createParkingSpace(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.post(
    parkingSpacePaths.batch,
    {
      config: { permission },
      schema: {
        tags,
        summary: '按规则批量新增泊位（前缀+起止编号，补零到指定位数；每次最多2000个；有重复编号时全部不生成）',
        body: parkingSpaceBatchInput,
        response: { 200: envelope(parkingSpaceBatchResult) },
      },
    },
    async (request) => {
      const result = await createParkingSpaceBatch(request.db, requireAuth(request), request.body);
      return ok(result, `已生成${result.created}个泊位`);
    },
  );

  app.put(
    parkingSpacePaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改泊位', params: idParams, body: parkingSpaceInput, response: { 200: envelope(parkingSpace) } },
    },
    async (request) => ok(await updateParkingSpace(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    parkingSpacePaths.item,
    { config: { permission }, schema: { tags, summary: '删除泊位', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteParkingSpace(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
