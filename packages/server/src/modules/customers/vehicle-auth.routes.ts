import {
  maskMobile,
  plateColourName,
  vehicleAuthEndpoints as endpoints,
  vehicleAuthKindNames,
  vehicleAuthStatusNames,
  vehicleAuthPickerLimit,
  vehicleBindingStateNames,
  type VehicleAuthRequest,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { sendPrivatePhoto } from '../../shared/private-photo.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { listCustomers, listVehicles } from './customer.service.js';
import { readVehicleAuthPhoto, vehicleAuthPhotoMissing } from './vehicle-auth.photo.js';
import { approveVehicleAuth, batchApproveVehicleAuths, findVehicleAuthPhoto, getVehicleAuth, listVehicleAuths, rejectVehicleAuth, submitVehicleAuthByStaff } from './vehicle-auth.service.js';

const tags = ['customers'];
/** the seeded 车辆认证审核 page (customer/CarAuthenticationAudit) */
const permission = 'CarAuthenticationAudit';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 车辆认证审核 under /api/system/CarAuthentication: owners' 行驶证 photos, decided by staff of the page. */
export const vehicleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '车辆认证申请列表（按状态、申请类型、车牌、车主手机号、申请日期筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listVehicleAuths(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出车辆认证申请（xlsx，手机号打码，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<VehicleAuthRequest>(reply, {
        fileName: '车辆认证审核',
        sheetName: '车辆认证审核',
        columns: [
          { header: '车牌号', width: 14, value: (r) => r.plateNumber },
          { header: '车牌颜色', width: 10, value: (r) => plateColourName(r.plateColour) },
          { header: '申请类型', width: 10, value: (r) => vehicleAuthKindNames[r.kind] },
          // masked: an export leaves the console
          { header: '车主手机号', width: 14, value: (r) => maskMobile(r.customerPhone) },
          { header: '原车主手机号', width: 14, value: (r) => (r.holderPhone ? maskMobile(r.holderPhone) : '') },
          { header: '车辆状态', width: 10, value: (r) => (r.vehicleState ? vehicleBindingStateNames[r.vehicleState] : '') },
          { header: '审核状态', width: 8, value: (r) => vehicleAuthStatusNames[r.status] },
          { header: '申请时间', width: 20, value: (r) => when(r.createdAt) },
          { header: '提交方式', width: 12, value: (r) => (r.submittedByName === null ? '车主提交' : `后台录入 ${r.submittedByName}`) },
          { header: '审核人', width: 10, value: (r) => r.decidedByName ?? '' },
          { header: '审核时间', width: 20, value: (r) => when(r.decidedAt) },
          { header: '驳回原因', width: 24, value: (r) => r.rejectReason },
        ],
        batches: pages(async (currentPage, pageSize) => (await listVehicleAuths(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '车辆认证申请详情', permission }),
    handler: async (request) => ok(await getVehicleAuth(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.photo, { tags, summary: '车辆认证申请的行驶证照片（仅本租户有该页面权限的员工可看）', permission }),
    handler: async (request, reply) => {
      const photo = await findVehicleAuthPhoto(request.db, requireAuth(request), app.config.dataDir, request.params.id);
      return sendPrivatePhoto(reply, photo, vehicleAuthPhotoMissing);
    },
  });

  app.route({
    ...routeOf(endpoints.submit, {
      tags,
      summary: '后台录入车辆认证或过户申诉（申请内容在查询参数；行驶证照片为 multipart 字段 file，JPG/PNG/WebP，不超过5MB）',
      consumes: ['multipart/form-data'],
      permission,
    }),
    handler: async (request) => {
      const photo = await readVehicleAuthPhoto(request);
      return ok(await submitVehicleAuthByStaff(request.db, requireAuth(request), request.query, photo, app.config.dataDir, app.now()), '提交成功');
    },
  });

  app.route({
    ...routeOf(endpoints.approve, { tags, summary: '通过车辆认证申请（过户申诉通过后车辆转到申诉车主）', permission }),
    handler: async (request) => ok(await approveVehicleAuth(request.db, requireAuth(request), request.params.id, app.now()), '审核通过'),
  });

  app.route({
    ...routeOf(endpoints.reject, { tags, summary: '驳回车辆认证申请（须填写驳回原因）', permission }),
    handler: async (request) => ok(await rejectVehicleAuth(request.db, requireAuth(request), request.params.id, request.body, app.now()), '已驳回'),
  });

  app.route({
    ...routeOf(endpoints.batchApprove, { tags, summary: '批量通过车辆认证申请（任一申请不是待审核时整批不通过）', permission }),
    handler: async (request) => ok(await batchApproveVehicleAuths(request.db, requireAuth(request), request.body.ids, app.now()), '批量通过成功'),
  });

  app.route({
    ...routeOf(endpoints.vehicles, { tags, summary: '后台录入时按车牌号查找已绑定的车辆', permission }),
    handler: async (request) => {
      const { list } = await listVehicles(request.db, requireAuth(request), { plateNumber: request.query.plateNumber, currentPage: 1, pageSize: vehicleAuthPickerLimit });
      return ok(list.filter((v) => v.state !== 'unbound'));
    },
  });

  app.route({
    ...routeOf(endpoints.owners, { tags, summary: '后台录入过户申诉时按手机号查找车主', permission }),
    handler: async (request) => {
      const { list } = await listCustomers(request.db, requireAuth(request), { phone: request.query.phone, currentPage: 1, pageSize: vehicleAuthPickerLimit });
      return ok(list.map(({ id, phone, nickname, enabled }) => ({ id, phone, nickname, enabled })));
    },
  });
};
