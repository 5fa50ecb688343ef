import { complaintCategoryNames, complaintChannelNames, complaintEndpoints as endpoints, complaintPhotoMessages, complaintStatusNames, maskMobile, type Complaint } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { readPrivatePhoto, sendPrivatePhoto } from '../../shared/private-photo.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { asOwner } from '../customers/index.js';
import {
  completeComplaint,
  createComplaint,
  fileOwnerComplaint,
  fileRecordComplaint,
  getComplaint,
  getComplaintSettings,
  listComplaints,
  ownerComplaints,
  ownerReplyComplaint,
  replyComplaint,
  updateComplaintSettings,
} from './complaint.service.js';
import {
  addComplaintPhotoByOwner,
  addComplaintPhotoByRecord,
  addComplaintPhotoByStaff,
  complaintPhotoForOwner,
  complaintPhotoForStaff,
  removeComplaintPhotoByOwner,
  removeComplaintPhotoByRecord,
  removeComplaintPhotoByStaff,
} from './service-photo.service.js';

const tags = ['service'];
/** the seeded 客户投诉 page (ParkingOperations/customerComplain) */
const permission = 'customerComplain';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');
const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });
const photoRule = 'multipart 字段 file，JPG/PNG/WebP，不超过5MB，每条最多4张';

/** 客户投诉 under /api/system/CustomerComplain, for staff of the page. */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '客户投诉列表（按状态、类型、渠道、电话、车牌、是否逾期、受理日期筛选），附本租户逾期未办结数', permission, replicaSafe: true }),
    handler: async (request) => ok(await listComplaints(request.db, requireAuth(request), request.query, app.now())),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出客户投诉（xlsx，电话打码，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const now = app.now();
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Complaint>(reply, {
        fileName: '客户投诉',
        sheetName: '客户投诉',
        columns: [
          { header: '受理时间', width: 20, value: (c) => when(c.receivedAt) },
          { header: '投诉类型', width: 12, value: (c) => complaintCategoryNames[c.category] },
          { header: '投诉渠道', width: 12, value: (c) => complaintChannelNames[c.channel] },
          { header: '联系人', width: 10, value: (c) => c.contactName },
          // masked: an export leaves the console
          { header: '联系电话', width: 14, value: (c) => maskMobile(c.contactPhone) },
          { header: '车牌号', width: 12, value: (c) => c.plateNumber },
          { header: '投诉内容', width: 40, value: (c) => c.content },
          { header: '处理状态', width: 8, value: (c) => complaintStatusNames[c.status] },
          { header: '处理时限', width: 20, value: (c) => when(c.deadlineAt) },
          { header: '是否逾期', width: 8, value: (c) => (c.overdue ? '已逾期' : '否') },
          { header: '回复数', width: 8, value: (c) => c.replyCount },
          { header: '办结时间', width: 20, value: (c) => when(c.completedAt) },
          { header: '办结人', width: 10, value: (c) => c.completedByName ?? '' },
          { header: '处理结果', width: 40, value: (c) => c.result },
        ],
        batches: pages(async (currentPage, pageSize) => (await listComplaints(request.db, auth, { ...filter, currentPage, pageSize }, now)).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.settings, { tags, summary: '客户投诉处理时限（小时）', permission }),
    handler: async (request) => ok(await getComplaintSettings(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.updateSettings, { tags, summary: '设置客户投诉处理时限（此后受理的投诉适用）', permission }),
    handler: async (request) => ok(await updateComplaintSettings(request.db, requireAuth(request), request.body, app.now()), '保存成功'),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '客户投诉详情：回复记录与所涉停车记录', permission }),
    handler: async (request) => ok(await getComplaint(request.db, requireAuth(request), request.params.id, app.now())),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增客户投诉（电话、微信支付投诉或后台录入），产生5类系统消息', permission }),
    handler: async (request) => ok(await createComplaint(request.db, requireAuth(request), request.body, app.now()), '投诉已受理'),
  });

  app.route({
    ...routeOf(endpoints.reply, { tags, summary: '回复客户投诉（首次回复后转为处理中）', permission }),
    handler: async (request) => ok(await replyComplaint(request.db, requireAuth(request), request.params.id, request.body.content, app.now()), '回复成功'),
  });

  app.route({
    ...routeOf(endpoints.complete, { tags, summary: '办结客户投诉（填写处理结果，转为已完成，消息不再计数）', permission }),
    handler: async (request) => ok(await completeComplaint(request.db, requireAuth(request), request.params.id, request.body.result, app.now()), '已办结'),
  });

  app.route({
    ...routeOf(endpoints.addPhoto, { tags, summary: `为后台录入的投诉添加照片（${photoRule}；已完成的不能添加）`, consumes: ['multipart/form-data'], permission }),
    handler: async (request) => {
      const bytes = await readPrivatePhoto(request, complaintPhotoMessages);
      return ok(await addComplaintPhotoByStaff(request.db, requireAuth(request), request.params.id, bytes, app.config.dataDir, app.now()), '照片已上传');
    },
  });

  app.route({
    ...routeOf(endpoints.photo, { tags, summary: '客户投诉的一张照片（仅本租户有该页面权限的员工可看）', permission }),
    handler: async (request, reply) => {
      const photo = await complaintPhotoForStaff(request.db, requireAuth(request), request.params.id, request.params.photoId, app.config.dataDir);
      return sendPrivatePhoto(reply, photo, complaintPhotoMessages.missing);
    },
  });

  app.route({
    ...routeOf(endpoints.removePhoto, { tags, summary: '删除员工为投诉添加的照片（已完成的不能删除）', permission }),
    handler: async (request) => ok(await removeComplaintPhotoByStaff(request.db, requireAuth(request), request.params.id, request.params.photoId, app.config.dataDir), '照片已删除'),
  });
};

/** The owner's own complaints under /api/open/owner/complaints, with the owner's token. */
export const ownerComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const owned = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

  app.route({
    ...routeOf(endpoints.ownerList, { tags: ['public'], summary: '车主：我的投诉及回复', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerComplaints(tx, owner))),
  });

  app.route({
    ...routeOf(endpoints.ownerFile, { tags: ['public'], summary: '车主：提交投诉（可关联本人车辆的停车记录）', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => fileOwnerComplaint(tx, owner, request.body, originOf(request), app.now())), '投诉已提交'),
  });

  app.route({
    ...routeOf(endpoints.ownerReply, { tags: ['public'], summary: '车主：补充说明本人未办结的投诉', ...owned }),
    handler: async (request) =>
      ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerReplyComplaint(tx, owner, request.params.id, request.body.content, originOf(request), app.now())), '补充成功'),
  });

  app.route({
    ...routeOf(endpoints.ownerAddPhoto, { tags: ['public'], summary: `车主：为本人未办结的投诉添加照片（${photoRule}）`, consumes: ['multipart/form-data'], ...owned }),
    handler: async (request) => {
      const bytes = await readPrivatePhoto(request, complaintPhotoMessages);
      return ok(
        await asOwner(app.db, request, app.now(), (tx, owner) => addComplaintPhotoByOwner(tx, owner, request.params.id, bytes, app.config.dataDir, originOf(request), app.now())),
        '照片已上传',
      );
    },
  });

  app.route({
    ...routeOf(endpoints.ownerPhoto, { tags: ['public'], summary: '车主：本人投诉的一张照片', ...owned }),
    handler: async (request, reply) => {
      const photo = await asOwner(app.db, request, app.now(), (tx, owner) => complaintPhotoForOwner(tx, owner, request.params.id, request.params.photoId, app.config.dataDir));
      return sendPrivatePhoto(reply, photo, complaintPhotoMessages.missing);
    },
  });

  app.route({
    ...routeOf(endpoints.ownerRemovePhoto, { tags: ['public'], summary: '车主：删除本人为未办结投诉添加的照片', ...owned }),
    handler: async (request) =>
      ok(
        await asOwner(app.db, request, app.now(), (tx, owner) => removeComplaintPhotoByOwner(tx, owner, request.params.id, request.params.photoId, app.config.dataDir, originOf(request))),
        '照片已删除',
      ),
  });
};

/** The driver's order page files a complaint about its stay under /api/open/complaints/record: the signed record token is the right. */
export const recordComplaintRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  app.route({
    ...routeOf(endpoints.recordFile, { tags: ['public'], summary: '订单页面：对本订单投诉（凭订单二维码，留下联系电话）', public: true, rateLimit: { max: 10, timeWindow: '1 minute' } }),
    handler: async (request) => ok(await fileRecordComplaint(app.db, secret, request.body, originOf(request), app.now()), '投诉已提交，客服将尽快与您联系'),
  });

  app.route({
    ...routeOf(endpoints.recordAddPhoto, {
      tags: ['public'],
      summary: `订单页面：为刚提交的投诉添加照片（凭同一订单二维码；${photoRule}）`,
      consumes: ['multipart/form-data'],
      public: true,
      rateLimit: { max: 20, timeWindow: '1 minute' },
    }),
    handler: async (request) => {
      const bytes = await readPrivatePhoto(request, complaintPhotoMessages);
      return ok(await addComplaintPhotoByRecord(app.db, secret, request.query.o, request.params.id, bytes, app.config.dataDir, originOf(request), app.now()), '照片已上传');
    },
  });

  app.route({
    ...routeOf(endpoints.recordRemovePhoto, {
      tags: ['public'],
      summary: '订单页面：删除自己为投诉添加的照片（凭同一订单二维码）',
      public: true,
      rateLimit: { max: 20, timeWindow: '1 minute' },
    }),
    handler: async (request) =>
      ok(await removeComplaintPhotoByRecord(app.db, secret, request.query.o, request.params.id, request.params.photoId, app.config.dataDir, originOf(request), app.now()), '照片已删除'),
  });
};
