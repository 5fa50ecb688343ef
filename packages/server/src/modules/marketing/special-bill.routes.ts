import { formatAmount, type SpecialBill, specialBillEndpoints as endpoints, specialBillStatusNames } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { asAttachment } from '../../shared/attachment.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import type { QrCodeSigner } from '../parking/index.js';
import { specialBillQrCode } from './special-bill-open.service.js';
import { cancelSpecialBill, createSpecialBill, getSpecialBill, listSpecialBills } from './special-bill.service.js';

export interface SpecialBillRoutesOptions {
  secret: string;
  /** config.publicBaseUrl: the origin printed in the codes, never the request's */
  publicBaseUrl: string;
}

const tags = ['marketing'];
const permission = 'specialBill';
const moment = (iso: string | null) => (iso === null ? '' : shanghaiDateTime(new Date(iso)));

/** 特殊账单 under /api/system/SpecialBill, for holders of the 特殊账单 page. */
export const specialBillRoutes: FastifyPluginAsyncZod<SpecialBillRoutesOptions> = async (app, options) => {
  const signer: QrCodeSigner = { secret: options.secret, baseUrl: options.publicBaseUrl };
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '特殊账单列表（status：unpaid 待支付、paid 已支付、cancelled 已作废）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listSpecialBills(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出特殊账单（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<SpecialBill>(reply, {
        fileName: '特殊账单',
        sheetName: '特殊账单',
        columns: [
          { header: '停车场', width: 20, value: (b) => b.lotName },
          { header: '车牌号', width: 12, value: (b) => b.plateNumber ?? '' },
          { header: '收费项目', width: 20, value: (b) => b.item },
          { header: '金额（元）', width: 12, value: (b) => formatAmount(b.amount) },
          { header: '状态', width: 8, value: (b) => specialBillStatusNames[b.status] },
          { header: '实付金额（元）', width: 12, value: (b) => formatAmount(b.paidAmount) },
          { header: '支付时间', width: 20, value: (b) => moment(b.paidAt) },
          { header: '作废时间', width: 20, value: (b) => moment(b.cancelledAt) },
          { header: '创建人', width: 12, value: (b) => b.createdBy },
          { header: '创建时间', width: 20, value: (b) => moment(b.createdAt) },
          { header: '备注', width: 24, value: (b) => b.remark },
        ],
        batches: pages(async (currentPage, pageSize) => (await listSpecialBills(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.qrcode, { tags, summary: '特殊账单二维码（PNG；扫码打开账单支付页面）', permission }),
    handler: async (request, reply) => {
      const file = await specialBillQrCode(request.db, requireAuth(request), signer, request.params.id);
      return asAttachment(reply, file.fileName, 'image/png').send(file.png);
    },
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '特殊账单详情', permission }),
    handler: async (request) => ok(await getSpecialBill(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增特殊账单（待支付）', permission }),
    handler: async (request) => ok(await createSpecialBill(request.db, requireAuth(request), request.body), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.cancel, { tags, summary: '作废特殊账单（仅待支付的账单）', permission }),
    handler: async (request) => ok(await cancelSpecialBill(request.db, requireAuth(request), request.params.id), '作废成功'),
  });
};
