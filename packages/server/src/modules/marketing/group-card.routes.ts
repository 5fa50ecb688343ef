import { businessDay, formatAmount, type GroupCard, groupCardBenefitText, groupCardEndpoints as endpoints, groupCardStateNames } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { asAttachment } from '../../shared/attachment.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { QrCodeSigner } from '../parking/index.js';
import { groupCardQrCode } from './group-card-open.service.js';
import { createGroupCard, deleteGroupCard, getGroupCard, listGroupCards, updateGroupCard } from './group-card.service.js';

export interface GroupCardRoutesOptions {
  secret: string;
  /** config.publicBaseUrl: the origin printed in the codes, never the request's */
  publicBaseUrl: string;
}

const tags = ['marketing'];
const permission = 'groupCard';
const quota = (c: GroupCard) => (c.monthlyQuota === null ? '不限' : String(c.monthlyQuota));

/** 集团卡 under /api/system/GroupCard, for holders of the 集团卡 page. */
export const groupCardRoutes: FastifyPluginAsyncZod<GroupCardRoutesOptions> = async (app, options) => {
  const signer: QrCodeSigner = { secret: options.secret, baseUrl: options.publicBaseUrl };
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '集团卡列表（benefit：free 免费停车、discount 折扣、amount 每次减免）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listGroupCards(request.db, requireAuth(request), request.query, businessDay(app.now()))),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出集团卡（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<GroupCard>(reply, {
        fileName: '集团卡',
        sheetName: '集团卡',
        columns: [
          { header: '卡号', width: 14, value: (c) => c.cardNo },
          { header: '集团', width: 20, value: (c) => c.groupName },
          { header: '优惠', width: 16, value: (c) => groupCardBenefitText(c) },
          { header: '减免金额（元）', width: 12, value: (c) => (c.amountOff === null ? '' : formatAmount(c.amountOff)) },
          { header: '车牌', width: 30, value: (c) => c.plates.join('、') },
          { header: '适用停车场', width: 30, value: (c) => c.lotNames.join('、') },
          { header: '开始日期', width: 12, value: (c) => c.validFrom },
          { header: '结束日期', width: 12, value: (c) => c.validTo },
          { header: '每月次数', width: 10, value: quota },
          { header: '本月剩余', width: 10, value: (c) => (c.remainingQuota === null ? '不限' : String(c.remainingQuota)) },
          { header: '允许车主绑定', width: 12, value: (c) => (c.allowBind ? `是（最多${c.maxPlates}个）` : '否') },
          { header: '状态', width: 8, value: (c) => groupCardStateNames[c.state] },
          { header: '启用', width: 6, value: (c) => (c.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (c) => c.remark },
          { header: '创建时间', width: 20, value: (c) => shanghaiDateTime(new Date(c.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listGroupCards(request.db, auth, { ...filter, currentPage, pageSize }, businessDay(app.now()))).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.qrcode, { tags, summary: '集团卡二维码（PNG；扫码打开集团卡页面，至卡的结束日期失效）', permission }),
    handler: async (request, reply) => {
      const file = await groupCardQrCode(request.db, requireAuth(request), signer, request.params.id);
      return asAttachment(reply, file.fileName, 'image/png').send(file.png);
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '集团卡详情', permission }),
    handler: async (request) => ok(await getGroupCard(request.db, requireAuth(request), request.params.id, businessDay(app.now()))),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增集团卡（同一车牌在同一停车场只能有一张有效期重叠的启用集团卡）', permission }),
    handler: async (request) => ok(await createGroupCard(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改集团卡', permission }),
    handler: async (request) => ok(await updateGroupCard(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除集团卡', permission }),
    handler: async (request) => {
      await deleteGroupCard(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });
};
