import { envelope, parkingLane, parkingLaneInput, parkingLaneListQuery, parkingLanePage, parkingLanePaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { createParkingLane, deleteParkingLane, getParkingLane, listParkingLanes, updateParkingLane } from './parking-lane.service.js';

const tags = ['parking'];
const permission = 'parkingLane';
const idParams = z.object({ id: z.uuid('车道编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 车道 under /api/system/ParkingLane, for holders of the 车道 page. */
export const parkingLaneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    parkingLanePaths.list,
    { config: { permission }, schema: { tags, summary: '车道列表', querystring: parkingLaneListQuery, response: { 200: envelope(parkingLanePage) } } },
    async (request) => ok(await listParkingLanes(request.db, requireAuth(request), request.query)),
  );

  app.get(
    parkingLanePaths.item,
    { config: { permission }, schema: { tags, summary: '车道详情', params: idParams, response: { 200: envelope(parkingLane) } } },
    async (request) => ok(await getParkingLane(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    parkingLanePaths.list,
    { config: { permission }, schema: { tags, summary: '新增车道（仅车道型停车场）', body: parkingLaneInput, response: { 200: envelope(parkingLane) } } },
    async (request) => ok(await createParkingLane(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    parkingLanePaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改车道', params: idParams, body: parkingLaneInput, response: { 200: envelope(parkingLane) } },
    },
    async (request) => ok(await updateParkingLane(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    parkingLanePaths.item,
    { config: { permission }, schema: { tags, summary: '删除车道', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await deleteParkingLane(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
