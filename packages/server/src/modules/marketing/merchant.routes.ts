import {
  formatAmount,
  merchantEndpoints as endpoints,
  merchantKindNames,
  merchantLedgerKindNames,
  merchantSettlementNames,
  type Merchant,
  type MerchantLedgerEntry,
} from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { addLedgerEntry, createMerchant, deleteMerchant, getMerchant, listLedger, listMerchants, merchantOptions, updateMerchant } from './merchant.service.js';

const tags = ['marketing'];
const permission = 'merchant';
const limit = (n: number | null, money = false) => (n === null ? '不限' : money ? formatAmount(n) : String(n));

/** 商户 under /api/system/Merchant and its balance ledger under /api/system/MerchantLedger, for holders of the 商户 page. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.list, { tags, summary: '商户列表（含今日、本月发券数与本月发券金额）', permission, replicaSafe: true }),
    handler: async (request) => ok(await listMerchants(request.db, requireAuth(request), request.query, app.now())),
  });

  app.route({
    ...routeOf(endpoints.export, { tags, summary: '导出商户（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      const now = app.now();
      return sendXlsx<Merchant>(reply, {
        fileName: '商户',
        sheetName: '商户',
        columns: [
          { header: '商户名称', width: 20, value: (m) => m.name },
          { header: '类型', width: 8, value: (m) => merchantKindNames[m.kind] },
          { header: '联系人', width: 10, value: (m) => m.contactName },
          { header: '联系电话', width: 14, value: (m) => m.contactPhone },
          { header: '适用停车场', width: 30, value: (m) => m.lotNames.join('、') },
          { header: '结算方式', width: 8, value: (m) => merchantSettlementNames[m.settlement] },
          { header: '余额（元）', width: 12, value: (m) => formatAmount(m.balance) },
          { header: '透支额度（元）', width: 12, value: (m) => formatAmount(m.overdraftLimit) },
          { header: '每日发券上限', width: 12, value: (m) => limit(m.dailyCouponLimit) },
          { header: '每月发券上限', width: 12, value: (m) => limit(m.monthlyCouponLimit) },
          { header: '每月发券金额上限（元）', width: 16, value: (m) => limit(m.monthlyAmountLimit, true) },
          { header: '今日发券', width: 10, value: (m) => String(m.issuedToday) },
          { header: '本月发券', width: 10, value: (m) => String(m.issuedThisMonth) },
          { header: '本月发券金额（元）', width: 14, value: (m) => formatAmount(m.amountThisMonth) },
          { header: '登录账号', width: 14, value: (m) => m.account },
          { header: '状态', width: 6, value: (m) => (m.enabled ? '启用' : '停用') },
          { header: '备注', width: 24, value: (m) => m.remark },
          { header: '创建时间', width: 20, value: (m) => shanghaiDateTime(new Date(m.createdAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listMerchants(request.db, auth, { ...filter, currentPage, pageSize }, now)).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.ledger, { tags, summary: '商户余额流水（kind：top_up 充值、deduction 发券扣款、refund 作废退回、adjustment 调整）', permission }),
    handler: async (request) => ok(await listLedger(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.ledgerExport, { tags, summary: '导出商户余额流水（xlsx）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<MerchantLedgerEntry>(reply, {
        fileName: '商户余额流水',
        sheetName: '余额流水',
        columns: [
          { header: '时间', width: 20, value: (e) => shanghaiDateTime(new Date(e.createdAt)) },
          { header: '商户', width: 20, value: (e) => e.merchantName },
          { header: '类型', width: 10, value: (e) => merchantLedgerKindNames[e.kind] },
          { header: '金额（元）', width: 12, value: (e) => formatAmount(e.amount) },
          { header: '变动前余额（元）', width: 14, value: (e) => formatAmount(e.balanceBefore) },
          { header: '变动后余额（元）', width: 14, value: (e) => formatAmount(e.balanceAfter) },
          { header: '券号', width: 12, value: (e) => e.couponNo },
          { header: '备注', width: 30, value: (e) => e.remark },
          { header: '操作人', width: 12, value: (e) => e.operator },
        ],
        batches: pages(async (currentPage, pageSize) => (await listLedger(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.ledgerEntry, { tags, summary: '商户充值或调整余额（预付商户；调整须填写原因，不能低于透支额度）', permission }),
    handler: async (request) => {
      const entry = await addLedgerEntry(request.db, requireAuth(request), request.params.id, request.body, app.now());
      return ok(entry, entry.kind === 'top_up' ? '充值成功' : '调整成功');
    },
  });

  // 优惠券 picks a merchant to issue for and to filter by: holders of either page may read the names
  app.route({
    ...routeOf(endpoints.options, { tags, summary: '商户下拉选项（按名称查找，最多50个）', permission: ['merchant', 'coupon'] }),
    handler: async (request) => ok(await merchantOptions(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(endpoints.detail, { tags, summary: '商户详情', permission }),
    handler: async (request) => ok(await getMerchant(request.db, requireAuth(request).tenantId, request.params.id, app.now())),
  });

  app.route({
    ...routeOf(endpoints.create, { tags, summary: '新增商户（须设置登录密码）', permission }),
    handler: async (request) => ok(await createMerchant(request.db, requireAuth(request), request.body, app.now()), '新增成功'),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改商户（密码留空则不修改）', permission }),
    handler: async (request) => ok(await updateMerchant(request.db, requireAuth(request), request.params.id, request.body, app.now()), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.remove, { tags, summary: '删除商户（发过券或有余额的商户不能删除）', permission }),
    handler: async (request) => {
      await deleteMerchant(request.db, requireAuth(request), request.params.id, app.now());
      return ok(null, '删除成功');
    },
  });
};
