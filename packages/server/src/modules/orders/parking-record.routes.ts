import { readFile } from 'node:fs/promises';
import { abnormalReasonNames, parkingRecordEndpoints as endpoints, parkingRecordStateNames, plateColourName, stayLength, type ParkingRecord } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { notFound } from '../../plugins/app-error.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { exportParkingRecords, findParkingRecordPhoto, parkingRecordExportTotal, getParkingRecordDetail, listParkingRecords } from './parking-record.service.js';

const tags = ['orders'];
/** the seeded 停车记录 page (OrderManagement/ParkingRecordOrder) */
const permission = 'ParkingRecordOrder';
const yuan = (fen: number) => (fen / 100).toFixed(2);
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');
const placeOf = (r: ParkingRecord) => r.spaceNumber ?? r.entryLaneName ?? '';

/** 停车记录 under /api/system/ParkingRecord, for holders of the 停车记录 page. */
export const parkingRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '停车记录列表（按停车场、车牌精确或前缀、车牌颜色、状态、入场时间、应收金额筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listParkingRecords(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出停车记录（xlsx，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      const total = await parkingRecordExportTotal(request.db, auth, filter);
      return sendXlsx<ParkingRecord>(reply, {
        ...(total === undefined ? {} : { total }),
        fileName: '停车记录',
        sheetName: '停车记录',
        columns: [
          { header: '车牌号', width: 14, value: (r) => r.plateNumber },
          { header: '车牌颜色', width: 10, value: (r) => plateColourName(r.plateColour) },
          { header: '停车场', width: 24, value: (r) => r.lotName },
          { header: '入场车道/泊位', width: 14, value: placeOf },
          { header: '入场时间', width: 20, value: (r) => when(r.enteredAt) },
          { header: '出场时间', width: 20, value: (r) => when(r.exitedAt) },
          { header: '停车时长', width: 12, value: (r) => stayLength(r.enteredAt, r.exitedAt) },
          { header: '应收(元)', width: 10, value: (r) => yuan(r.amountDue) },
          { header: '优惠(元)', width: 10, value: (r) => yuan(r.discount) },
          { header: '已付(元)', width: 10, value: (r) => yuan(r.paid) },
          { header: '欠费(元)', width: 10, value: (r) => yuan(r.unpaid) },
          { header: '状态', width: 8, value: (r) => parkingRecordStateNames[r.state] },
          { header: '异常', width: 24, value: (r) => r.abnormalReasons.map((a) => abnormalReasonNames[a]).join('、') },
        ],
        batches: exportParkingRecords(request.db, auth, filter),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '停车记录详情（含按入场时计费规则版本重算的计费明细）', permission }),
    handler: async (request) => ok(await getParkingRecordDetail(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.photo, { tags, summary: '停车记录的入场或出场照片（JPEG/PNG）', permission }),
    handler: async (request, reply) => {
      const { id, which } = request.params;
      const photo = await findParkingRecordPhoto(request.db, requireAuth(request), app.config.dataDir, id, which);
      const bytes = await readFile(photo.file).catch(() => {
        throw notFound('暂无图片');
      });
      return reply.header('content-type', photo.contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(bytes);
    },
  });
};
