import { envelope, parkingArea, parkingAreaInput, parkingAreaListQuery, parkingAreaPage, parkingAreaPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { createParkingArea, deleteParkingArea, getParkingArea, listParkingAreas, updateParkingArea } from './parking-area.service.js';

const tags = ['parking'];
const permission = 'parkingArea';
const idParams = z.object({ id: z.uuid('片区编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 片区 under /api/system/ParkingArea, for holders of the 片区 page. */
export const parkingAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    parkingAreaPaths.list,
    { config: { permission }, schema: { tags, summary: '片区列表', querystring: parkingAreaListQuery, response: { 200: envelope(parkingAreaPage) } } },
    async (request) => ok(await listParkingAreas(request.db, requireAuth(request), request.query)),
  );

  app.get(
    parkingAreaPaths.item,
    { config: { permission }, schema: { tags, summary: '片区详情', params: idParams, response: { 200: envelope(parkingArea) } } },
    async (request) => ok(await getParkingArea(request.db, requireAuth(request), request.params.id)),
  );

  app.post(
    parkingAreaPaths.list,
    { config: { permission }, schema: { tags, summary: '新增片区', body: parkingAreaInput, response: { 200: envelope(parkingArea) } } },
    async (request) => ok(await createParkingArea(request.db, requireAuth(request), request.body), '新增成功'),
  );

  app.put(
    parkingAreaPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '修改片区', params: idParams, body: parkingAreaInput, response: { 200: envelope(parkingArea) } },
    },
    async (request) => ok(await updateParkingArea(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  );

  app.delete(
    parkingAreaPaths.item,
    {
      config: { permission },
      schema: { tags, summary: '删除片区（有停车场时不能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteParkingArea(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  );
};
