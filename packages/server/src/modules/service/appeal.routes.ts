import { appealEndpoints as endpoints, appealOutcomeNames, appealPhotoMessages, appealReasonNames, appealStatusNames, formatAmount, maskMobile, type Appeal } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { readPrivatePhoto, sendPrivatePhoto } from '../../shared/private-photo.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { asOwner } from '../customers/index.js';
import { claimAppeal, decideAppeal, fileOwnerAppeal, getAppeal, listAppeals, ownerAppeals, releaseAppeal } from './appeal.service.js';
import { addAppealPhotoByOwner, appealPhotoForOwner, appealPhotoForStaff, removeAppealPhotoByOwner } from './service-photo.service.js';

const tags = ['service'];
/** the seeded 申诉审核 page (ParkingOperations/appeal) */
const permission = 'appeal';
const when = (at: string | null) => (at ? shanghaiDateTime(new Date(at)) : '');
const money = (fen: number | undefined) => (fen === undefined ? '' : formatAmount(fen));

/** 申诉审核 under /api/system/Appeal, for staff of the page. */
export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '申诉列表（按审核状态、车牌、车主手机号、申诉日期筛选）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listAppeals(request.db, requireAuth(request), request.query, app.now())),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出申诉（xlsx，手机号打码，筛选同列表）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const now = app.now();
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Appeal>(reply, {
        fileName: '申诉审核',
        sheetName: '申诉审核',
        columns: [
          { header: '申诉时间', width: 20, value: (a) => when(a.filedAt) },
          { header: '车牌号', width: 12, value: (a) => a.plateNumber },
          { header: '停车场', width: 16, value: (a) => a.lotName },
          // masked: an export leaves the console
          { header: '车主手机号', width: 14, value: (a) => maskMobile(a.phone) },
          { header: '申诉原因', width: 14, value: (a) => appealReasonNames[a.reason] },
          { header: '申诉说明', width: 40, value: (a) => a.content },
          { header: '审核状态', width: 8, value: (a) => appealStatusNames[a.status] },
          { header: '审核结果', width: 12, value: (a) => (a.outcome ? appealOutcomeNames[a.outcome] : '') },
          { header: '处理结果', width: 40, value: (a) => a.result },
          { header: '应收（元）', width: 10, value: (a) => money(a.after?.amountDue) },
          { header: '欠费（元）', width: 10, value: (a) => money(a.after?.unpaid) },
          { header: '审核人', width: 10, value: (a) => a.decidedByName ?? '' },
          { header: '审核时间', width: 20, value: (a) => when(a.decidedAt) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listAppeals(request.db, auth, { ...filter, currentPage, pageSize }, now)).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '申诉详情：所涉停车记录、支付与退款', permission }),
    handler: async (request) => ok(await getAppeal(request.db, requireAuth(request), request.params.id, app.now())),
  });

  app.route({
    ...routeOf(endpoints.claim, { tags, summary: '领取申诉（30分钟内他人不能审核）', permission }),
    handler: async (request) => ok(await claimAppeal(request.db, requireAuth(request), request.params.id, app.now()), '已领取'),
  });

  app.route({
    ...routeOf(endpoints.release, { tags, summary: '释放已领取的申诉', permission }),
    handler: async (request) => ok(await releaseAppeal(request.db, requireAuth(request), request.params.id, app.now()), '已释放'),
  });

  app.route({
    ...routeOf(endpoints.decide, {
      tags,
      summary: '审核申诉：更正出场时间、车牌或应收金额，减免欠费，退款（提交退款审核），或驳回（须填写原因）；消息不再计数',
      permission,
    }),
    handler: async (request) => ok(await decideAppeal(request.db, requireAuth(request), request.params.id, request.body, app.now()), '审核完成'),
  });

  app.route({
    ...routeOf(endpoints.photo, { tags, summary: '申诉的一张照片（仅本租户有该页面权限的员工可看）', permission }),
    handler: async (request, reply) => {
      const photo = await appealPhotoForStaff(request.db, requireAuth(request), request.params.id, request.params.photoId, app.config.dataDir);
      return sendPrivatePhoto(reply, photo, appealPhotoMessages.missing);
    },
  });
};

/** The owner's own appeals under /api/open/owner/appeals, with the owner's token. */
export const ownerAppealRoutes: FastifyPluginAsyncZod = async (app) => {
  const owned = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(endpoints.ownerList, { tags: ['public'], summary: '车主：我的申诉及审核结果', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerAppeals(tx, owner, app.now()))),
  });

  app.route({
    ...routeOf(endpoints.ownerFile, { tags: ['public'], summary: '车主：对本人车辆的一条停车记录提起申诉（每条记录同时只有一条待审核申诉）', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => fileOwnerAppeal(tx, owner, request.body, originOf(request), app.now())), '申诉已提交'),
  });

  app.route({
    ...routeOf(endpoints.ownerAddPhoto, {
      tags: ['public'],
      summary: '车主：为本人待审核的申诉添加照片（multipart 字段 file，JPG/PNG/WebP，不超过5MB，每条最多4张）',
      consumes: ['multipart/form-data'],
      ...owned,
    }),
    handler: async (request) => {
      const bytes = await readPrivatePhoto(request, appealPhotoMessages);
      return ok(
        await asOwner(app.db, request, app.now(), (tx, owner) => addAppealPhotoByOwner(tx, owner, request.params.id, bytes, app.config.dataDir, originOf(request), app.now())),
        '照片已上传',
      );
    },
  });

  app.route({
    ...routeOf(endpoints.ownerPhoto, { tags: ['public'], summary: '车主：本人申诉的一张照片', ...owned }),
    handler: async (request, reply) => {
      const photo = await asOwner(app.db, request, app.now(), (tx, owner) => appealPhotoForOwner(tx, owner, request.params.id, request.params.photoId, app.config.dataDir));
      return sendPrivatePhoto(reply, photo, appealPhotoMessages.missing);
    },
  });

  app.route({
    ...routeOf(endpoints.ownerRemovePhoto, { tags: ['public'], summary: '车主：删除本人待审核申诉的照片', ...owned }),
    handler: async (request) =>
      ok(
        await asOwner(app.db, request, app.now(), (tx, owner) => removeAppealPhotoByOwner(tx, owner, request.params.id, request.params.photoId, app.config.dataDir, originOf(request))),
        '照片已删除',
      ),
  });
};
