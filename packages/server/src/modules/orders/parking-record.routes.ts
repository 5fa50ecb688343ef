import { envelope, parkingRecord, parkingRecordListQuery, parkingRecordPage, parkingRecordPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { getParkingRecord, listParkingRecords } from './parking-record.service.js';

const tags = ['orders'];
/** the seeded 停车记录 page (OrderManagement/ParkingRecordOrder) */
const permission = 'ParkingRecordOrder';
const idParams = z.object({ id: z.uuid('停车记录编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** 停车记录 under /api/system/ParkingRecord, for holders of the 停车记录 page. */
export const parkingRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    parkingRecordPaths.list,
    {
      config: { permission },
      schema: { tags, summary: '停车记录列表（按停车场、车牌精确或前缀、车牌颜色、状态、入场时间、应收金额筛选）', querystring: parkingRecordListQuery, response: { 200: envelope(parkingRecordPage) } },
    },
    async (request) => ok(await listParkingRecords(request.db, requireAuth(request), request.query)),
  );

  app.get(
    parkingRecordPaths.item,
    { config: { permission }, schema: { tags, summary: '停车记录详情', params: idParams, response: { 200: envelope(parkingRecord) } } },
    async (request) => ok(await getParkingRecord(request.db, requireAuth(request), request.params.id)),
  );
};
