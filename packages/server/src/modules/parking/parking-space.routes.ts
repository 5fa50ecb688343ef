import {
  envelope,
  parkingSpace,
  parkingSpaceBatchInput,
  parkingSpaceBatchResult,
  parkingSpaceInput,
  parkingSpaceListQuery,
  parkingSpacePage,
  parkingSpacePaths,
  parkingSpaceStateNames,
  parkingSpaceTypeNames,
  type ParkingSpace,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
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
    parkingSpacePaths.export,
    { config: { permission }, schema: { tags, summary: '导出泊位（xlsx）', querystring: parkingSpaceListQuery } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<ParkingSpace>(reply, {
        fileName: '泊位',
        sheetName: '泊位',
        columns: [
          { header: '泊位编号', width: 14, value: (s) => s.number },
          { header: '停车场', width: 24, value: (s) => s.lotName },
          { header: '类型', width: 8, value: (s) => parkingSpaceTypeNames[s.type] ?? String(s.type) },
          { header: '充电车位', width: 10, value: (s) => (s.charging ? '是' : '否') },
          { header: '地磁编号', width: 16, value: (s) => s.sensorSn },
          { header: '经度', width: 12, value: (s) => s.lng },
          { header: '纬度', width: 12, value: (s) => s.lat },
          { header: '状态', width: 8, value: (s) => parkingSpaceStateNames[s.state] },
          { header: '创建时间', width: 20, value: (s) => shanghaiDateTime(new Date(s.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listParkingSpaces(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
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
