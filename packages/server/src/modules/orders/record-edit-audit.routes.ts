import {
  describeEditRequest,
  parkingRecordStateNames,
  plateColourName,
  recordEditAuditEndpoints as endpoints,
  recordEditKindNames,
  recordEditStatusNames,
  type RecordEditRequest,
  type RecordEditSnapshot,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { approveRecordEdit, getRecordEdit, listRecordEditPage, rejectRecordEdit, requestRecordEdit } from './record-edit-audit.service.js';

const tags = ['orders'];
/** the seeded 订单修改审核 page (OrderManagement/parkingOrderEditAudit) */
const permission = 'parkingOrderEditAudit';
/** a correction may also be asked for from the 停车记录 page; only the audit page decides */
const requestPermission = ['parkingOrderEditAudit', 'ParkingRecordOrder'] as const;
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');
const money = (snapshot: RecordEditSnapshot | null) =>
  snapshot
    ? `应收${(snapshot.amountDue / 100).toFixed(2)} 优惠${(snapshot.discount / 100).toFixed(2)} 已付${(snapshot.paid / 100).toFixed(2)} 欠费${(snapshot.unpaid / 100).toFixed(2)}`
    : '';
const stateOf = (snapshot: RecordEditSnapshot | null) => (snapshot ? parkingRecordStateNames[snapshot.state] : '');

/** 订单修改审核 under /api/system/RecordEditAudit: asked for by one user, decided by another. */
export const recordEditAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '订单修改申请列表（按状态、修改类型、车牌前缀、停车场、申请时间筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listRecordEditPage(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出订单修改申请（xlsx，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<RecordEditRequest>(reply, {
        fileName: '订单修改审核',
        sheetName: '订单修改审核',
        columns: [
          { header: '车牌号', width: 14, value: (r) => r.plateNumber },
          { header: '车牌颜色', width: 10, value: (r) => plateColourName(r.plateColour) },
          { header: '停车场', width: 24, value: (r) => r.lotName },
          { header: '修改类型', width: 14, value: (r) => recordEditKindNames[r.kind] },
          { header: '申请内容', width: 40, value: (r) => describeEditRequest(r.kind, r.requested, (at) => when(at)) },
          { header: '修改原因', width: 24, value: (r) => r.reason },
          { header: '状态', width: 8, value: (r) => recordEditStatusNames[r.status] },
          { header: '申请人', width: 10, value: (r) => r.requestedByName },
          { header: '申请时间', width: 20, value: (r) => when(r.createdAt) },
          { header: '审核人', width: 10, value: (r) => r.decidedByName ?? '' },
          { header: '审核时间', width: 20, value: (r) => when(r.decidedAt) },
          { header: '审核意见', width: 20, value: (r) => r.decisionRemark },
          { header: '修改前状态', width: 10, value: (r) => stateOf(r.before) },
          { header: '修改前金额(元)', width: 36, value: (r) => money(r.before) },
          { header: '修改后状态', width: 10, value: (r) => stateOf(r.after) },
          { header: '修改后金额(元)', width: 36, value: (r) => money(r.after) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listRecordEditPage(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '订单修改申请详情（含修改前后）', permission }),
    handler: async (request) => ok(await getRecordEdit(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, {
      tags,
      summary: '申请修改停车记录（车牌、出入场时间、应收金额或作废；每条记录同时只能有一个待审核申请）',
      permission: requestPermission,
    }),
    handler: async (request) => ok(await requestRecordEdit(request.db, requireAuth(request), request.body, app.now()), '修改申请已提交，等待审核'),
  });

  app.route({
    ...routeOf(endpoints.approve, { tags, summary: '通过订单修改申请（申请人不能审核自己的申请；锁定停车记录后应用修改）', permission }),
    handler: async (request) => ok(await approveRecordEdit(request.db, requireAuth(request), request.params.id, request.body, app.now()), '已通过，停车记录已修改'),
  });

  app.route({
    ...routeOf(endpoints.reject, { tags, summary: '驳回订单修改申请（申请人不能审核自己的申请）', permission }),
    handler: async (request) => ok(await rejectRecordEdit(request.db, requireAuth(request), request.params.id, request.body, app.now()), '已驳回'),
  });
};
