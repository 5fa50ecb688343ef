import {
  couponBenefitText,
  couponEndpoints as endpoints,
  couponKindNames,
  couponStateNames,
  couponTemplateEndpoints as templateEndpoints,
  formatAmount,
  plateColourName,
  type Coupon,
  type CouponDailyRow,
  type CouponMonthlyBillRow,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import {
  couponDailyReport,
  couponMonthlyBill,
  createCouponTemplate,
  deleteCouponTemplate,
  getCoupon,
  getCouponTemplate,
  issueCoupon,
  listCouponTemplates,
  listCoupons,
  revokeCoupon,
  updateCouponTemplate,
  type FindOpenStay,
} from './coupon.service.js';

export interface CouponRoutesOptions {
  /** the car's stay open now on some lots: the record core answers it */
  findOpenStay: FindOpenStay;
}

const tags = ['marketing'];
const permission = 'coupon';
const when = (iso: string | null) => (iso === null ? '' : shanghaiDateTime(new Date(iso)));

/** 优惠券 under /api/system/Coupon and its 券种 under /api/system/CouponTemplate, for holders of the 优惠券 page. */
export const couponRoutes: FastifyPluginAsyncZod<CouponRoutesOptions> = async (app, options) => {
  app.route({
    ...routeOf(templateEndpoints.list, { tags, summary: '券种列表（kind：free 免费券、minutes 时长券、period 时段券、percent 折扣券、amount 金额券）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listCouponTemplates(request.db, requireAuth(request), request.query)),
  });
  app.route({
    ...routeOf(templateEndpoints.export, { tags, summary: '导出券种（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx(reply, {
        fileName: '券种',
        sheetName: '券种',
        columns: [
          { header: '券名称', width: 20, value: (t) => t.name },
          { header: '类型', width: 8, value: (t) => couponKindNames[t.kind] },
          { header: '优惠', width: 22, value: (t) => couponBenefitText(t) },
          { header: '结算价（元）', width: 12, value: (t) => formatAmount(t.price) },
          { header: '有效时长（小时）', width: 14, value: (t) => String(t.validHours) },
          { header: '入场前可发', width: 10, value: (t) => (t.beforeEntry ? '是' : '否') },
          { header: '可叠加', width: 10, value: (t) => (t.stackable ? `是（每单最多${t.stackLimit}张）` : '否') },
          { header: '可与白名单或集团卡同享', width: 18, value: (t) => (t.withBenefits ? '是' : '否') },
          { header: '最低消费（元）', width: 12, value: (t) => formatAmount(t.minDue) },
          { header: '状态', width: 6, value: (t) => (t.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (t) => t.remark },
        ],
        batches: pages(async (currentPage, pageSize) => (await listCouponTemplates(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });
  app.route({
    ...routeOf(templateEndpoints.detail, { tags, summary: '券种详情', permission }),
    handler: async (request) => ok(await getCouponTemplate(request.db, requireAuth(request).tenantId, request.params.id)),
  });
  app.route({
    ...routeOf(templateEndpoints.create, { tags, summary: '新增券种', permission }),
    handler: async (request) => ok(await createCouponTemplate(request.db, requireAuth(request), request.body), '新增成功'),
  });
  app.route({
    ...routeOf(templateEndpoints.update, { tags, summary: '修改券种（已发出的券保持发放时的规则）', permission }),
    handler: async (request) => ok(await updateCouponTemplate(request.db, requireAuth(request), request.params.id, request.body), '修改成功'),
  });
  app.route({
    ...routeOf(templateEndpoints.remove, { tags, summary: '删除券种（发放过的券种不能删除）', permission }),
    handler: async (request) => {
      await deleteCouponTemplate(request.db, requireAuth(request), request.params.id);
      return ok(null, '删除成功');
    },
  });

  app.route({
    ...routeOf(endpoints.list, { tags, summary: '已发优惠券（state：unused 未使用、in_use 使用中、used 已使用、expired 已过期、revoked 已作废）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listCoupons(request.db, requireAuth(request).tenantId, request.query, app.now())),
  });
  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出已发优惠券（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      const now = app.now();
      return sendXlsx<Coupon>(reply, {
        fileName: '优惠券',
        sheetName: '优惠券',
        columns: [
          { header: '券号', width: 12, value: (c) => c.couponNo },
          { header: '券名称', width: 18, value: (c) => c.templateName },
          { header: '类型', width: 8, value: (c) => couponKindNames[c.kind] },
          { header: '优惠', width: 22, value: (c) => couponBenefitText(c) },
          { header: '商户', width: 18, value: (c) => c.merchantName },
          { header: '车牌', width: 12, value: (c) => c.plateNumber },
          { header: '车牌颜色', width: 8, value: (c) => plateColourName(c.plateColour) },
          { header: '结算价（元）', width: 12, value: (c) => formatAmount(c.price) },
          { header: '状态', width: 8, value: (c) => couponStateNames[c.state] },
          { header: '发券时间', width: 20, value: (c) => when(c.issuedAt) },
          { header: '到期时间', width: 20, value: (c) => when(c.expiresAt) },
          { header: '使用时间', width: 20, value: (c) => when(c.usedAt) },
          { header: '抵扣金额（元）', width: 12, value: (c) => formatAmount(c.discount) },
          { header: '发券人', width: 12, value: (c) => c.issuedBy },
          { header: '作废原因', width: 20, value: (c) => c.revokeReason },
        ],
        batches: pages(async (currentPage, pageSize) => (await listCoupons(request.db, auth.tenantId, { ...filter, currentPage, pageSize }, now)).list),
      });
    },
  });
  app.route({
    ...routeOf(endpoints.issue, { tags, summary: '代商户发券（依次检查：商户启用、余额或透支额度、券种启用、发券上限、车辆在场）', permission }),
    handler: async (request) => ok(await issueCoupon(request.db, { kind: 'staff', auth: requireAuth(request) }, request.body, app.now(), options.findOpenStay), '发券成功'),
  });
  app.route({
    ...routeOf(endpoints.revoke, { tags, summary: '作废未使用的优惠券（预付商户退回结算价）', permission }),
    handler: async (request) => ok(await revokeCoupon(request.db, { kind: 'staff', auth: requireAuth(request) }, request.params.id, request.body.reason, app.now()), '作废成功'),
  });
  app.route({
    ...routeOf(endpoints.dailyReport, { tags, summary: '每日发券与使用（按商户）', permission, replicaSafe: true }),
    handler: async (request) => ok(await couponDailyReport(request.db, requireAuth(request), request.query)),
  });
  app.route({
    ...routeOf(endpoints.dailyReportExport, { tags, summary: '导出每日发券与使用（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<CouponDailyRow>(reply, {
        fileName: '每日发券与使用',
        sheetName: '每日发券与使用',
        columns: [
          { header: '日期', width: 12, value: (r) => r.day },
          { header: '商户', width: 20, value: (r) => r.merchantName },
          { header: '发券数', width: 10, value: (r) => String(r.issued) },
          { header: '发券金额（元）', width: 14, value: (r) => formatAmount(r.issuedAmount) },
          { header: '使用数', width: 10, value: (r) => String(r.used) },
          { header: '抵扣金额（元）', width: 14, value: (r) => formatAmount(r.discount) },
        ],
        batches: pages(async (currentPage, pageSize) => (await couponDailyReport(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });
  app.route({
    ...routeOf(endpoints.monthlyBill, { tags, summary: '后付商户月账单（当月已使用券的结算价合计）', permission }),
    handler: async (request) => ok(await couponMonthlyBill(request.db, requireAuth(request), request.query)),
  });
  app.route({
    ...routeOf(endpoints.monthlyBillExport, { tags, summary: '导出后付商户月账单（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<CouponMonthlyBillRow>(reply, {
        fileName: `后付商户月账单-${filter.month}`,
        sheetName: '月账单',
        columns: [
          { header: '月份', width: 10, value: (r) => r.month },
          { header: '商户', width: 20, value: (r) => r.merchantName },
          { header: '使用张数', width: 10, value: (r) => String(r.used) },
          { header: '应付（元）', width: 12, value: (r) => formatAmount(r.amount) },
          { header: '抵扣停车费（元）', width: 14, value: (r) => formatAmount(r.discount) },
        ],
        batches: pages(async (currentPage, pageSize) => (await couponMonthlyBill(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });
  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '优惠券详情', permission }),
    handler: async (request) => ok(await getCoupon(request.db, requireAuth(request).tenantId, request.params.id, app.now())),
  });
};
