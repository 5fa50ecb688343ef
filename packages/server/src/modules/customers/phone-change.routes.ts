import { maskMobile, phoneChangeEndpoints as endpoints, phoneChangeStatusNames, type PhoneChangeRequest } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { sendPrivatePhoto } from '../../shared/private-photo.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { OwnerRoutesOptions } from './owner.routes.js';
import { approvePhoneChange, findPhoneChangePhoto, getPhoneChange, listPhoneChanges, rejectPhoneChange, sendPhoneChangeCode, submitPhoneChange } from './phone-change.service.js';
import { readVehicleAuthPhoto, vehicleAuthPhotoMissing } from './vehicle-auth.photo.js';

const tags = ['customers'];
/** the seeded 手机号变更审核 page (customer/carPhoneAudit) */
const permission = 'carPhoneAudit';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');

/** 手机号变更审核 under /api/system/CarPhoneAudit: owners' requests to move to a new number, decided by staff of the page. */
export const phoneChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '手机号变更申请列表（按状态、手机号、申请日期筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listPhoneChanges(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出手机号变更申请（xlsx，手机号打码，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<PhoneChangeRequest>(reply, {
        fileName: '手机号变更审核',
        sheetName: '手机号变更审核',
        columns: [
          // masked: an export leaves the console
          { header: '原手机号', width: 14, value: (r) => maskMobile(r.oldPhone) },
          { header: '新手机号', width: 14, value: (r) => maskMobile(r.newPhone) },
          { header: '车主昵称', width: 12, value: (r) => r.customerNickname },
          { header: '订单号', width: 38, value: (r) => r.orderNo },
          { header: '审核状态', width: 8, value: (r) => phoneChangeStatusNames[r.status] },
          { header: '申请时间', width: 20, value: (r) => when(r.createdAt) },
          { header: '审核人', width: 10, value: (r) => r.decidedByName ?? '' },
          { header: '审核时间', width: 20, value: (r) => when(r.decidedAt) },
          { header: '驳回原因', width: 24, value: (r) => r.rejectReason },
        ],
        batches: pages(async (currentPage, pageSize) => (await listPhoneChanges(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '手机号变更申请详情与证据（订单号是否属于车主的车辆、车主的车辆）', permission }),
    handler: async (request) => ok(await getPhoneChange(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.photo, { tags, summary: '手机号变更申请的行驶证照片（仅本租户有该页面权限的员工可看）', permission }),
    handler: async (request, reply) => {
      const photo = await findPhoneChangePhoto(request.db, requireAuth(request), app.config.dataDir, request.params.id);
      return sendPrivatePhoto(reply, photo, vehicleAuthPhotoMissing);
    },
  });

  app.route({
    ...routeOf(endpoints.approve, { tags, summary: '通过手机号变更申请（车主手机号更换，登录全部失效，车辆、订单与欠费不变）', permission }),
    handler: async (request) => ok(await approvePhoneChange(request.db, requireAuth(request), request.params.id, app.now()), '审核通过'),
  });

  app.route({
    ...routeOf(endpoints.reject, { tags, summary: '驳回手机号变更申请（须填写驳回原因）', permission }),
    handler: async (request) => ok(await rejectPhoneChange(request.db, requireAuth(request), request.params.id, request.body, app.now()), '已驳回'),
  });
};

/** The phone page's 申请人工变更 under /api/open/owner/phone-change: open to anyone, rate-limited as sign-in is. */
export const phoneChangeOpenRoutes: FastifyPluginAsyncZod<OwnerRoutesOptions> = async (app, options) => {
  const deps = { db: app.db, smsSender: options.smsSender, demoHint: options.demoHint, revealCodes: options.revealCodes };
  const limited = { public: true, rateLimit: { max: options.signInRateLimit, timeWindow: '1 minute' } } as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(endpoints.code, { tags: ['public'], summary: '申请人工变更手机号：向新手机号发送验证码（无需登录）', ...limited }),
    handler: async (request) => ok(await sendPhoneChangeCode(deps, request.accountCode, request.body, app.now()), '验证码已发送'),
  });

  app.route({
    ...routeOf(endpoints.submit, {
      tags: ['public'],
      summary: '申请人工变更手机号：原手机号、新手机号与其验证码、订单号在查询参数；行驶证照片为 multipart 字段 file（无需登录，人工审核）',
      consumes: ['multipart/form-data'],
      ...limited,
    }),
    handler: async (request) => {
      const photo = await readVehicleAuthPhoto(request);
      return ok(await submitPhoneChange(deps, request.accountCode, request.query, photo, app.config.dataDir, originOf(request), app.now()), '申请已提交，请等待人工审核');
    },
  });
};
