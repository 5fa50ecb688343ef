import { customerEndpoints, customerSourceNames, customerVehicleEndpoints, maskMobile, vehicleOwnerOptionLimit, type Customer } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { pages, sendXlsx, shanghaiDateTime } from '../../shared/xlsx-export.js';
import { bindVehicle, createCustomer, getCustomer, listCustomers, listVehicles, setCustomerState, unbindVehicle } from './customer.service.js';

const tags = ['customers'];

/** 车主 under /api/system/Customer, for holders of the 车主 page. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = 'customerList';

  app.route({
    ...routeOf(customerEndpoints.list, { tags, summary: '车主列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listCustomers(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(customerEndpoints.export, { tags, summary: '导出车主（xlsx，手机号打码）', permission, replicaSafe: true }),
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { currentPage: _page, pageSize: _size, ...filter } = request.query;
      return sendXlsx<Customer>(reply, {
        fileName: '车主',
        sheetName: '车主',
        columns: [
          // masked: an export leaves the console
          { header: '手机号', width: 14, value: (c) => maskMobile(c.phone) },
          { header: '昵称', width: 16, value: (c) => c.nickname },
          { header: '注册来源', width: 10, value: (c) => customerSourceNames[c.source] },
          { header: '绑定车辆数', width: 10, value: (c) => c.vehicleCount },
          { header: '状态', width: 8, value: (c) => (c.enabled ? '启用' : '停用') },
          { header: '注册时间', width: 20, value: (c) => shanghaiDateTime(new Date(c.registeredAt)) },
        ],
        batches: pages(async (currentPage, pageSize) => (await listCustomers(request.db, auth, { ...filter, currentPage, pageSize })).list),
      });
    },
  });

  app.route({
    ...routeOf(customerEndpoints.detail, { tags, summary: '车主详情（含全部车辆）', permission }),
    handler: async (request) => ok(await getCustomer(request.db, requireAuth(request), request.params.id)),
  });

  app.route({
    ...routeOf(customerEndpoints.create, { tags, summary: '新增车主（后台注册，手机号在租户内唯一）', permission }),
    handler: async (request) => ok(await createCustomer(request.db, requireAuth(request), request.body, app.now()), '新增成功'),
  });

  app.route({
    ...routeOf(customerEndpoints.state, { tags, summary: '启用或停用车主', permission }),
    handler: async (request) => ok(await setCustomerState(request.db, requireAuth(request), request.params.id, request.body.enabled), '操作成功'),
  });
};

/** 车辆 under /api/system/CustomerVehicle, for holders of the 车辆 page. */
export const customerVehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = 'carList';

  app.route({
    ...routeOf(customerVehicleEndpoints.list, { tags, summary: '车辆列表', permission, replicaSafe: true }),
    handler: async (request) => ok(await listVehicles(request.db, requireAuth(request), request.query)),
  });

  app.route({
    ...routeOf(customerVehicleEndpoints.bind, { tags, summary: '为车主绑定车辆（未认证；每位车主最多5辆）', permission }),
    handler: async (request) => ok(await bindVehicle(request.db, requireAuth(request), request.body, app.now()), '绑定成功'),
  });

  app.route({
    ...routeOf(customerVehicleEndpoints.unbind, { tags, summary: '解绑车辆（保留记录）', permission }),
    handler: async (request) => ok(await unbindVehicle(request.db, requireAuth(request), request.params.id, app.now()), '解绑成功'),
  });

  app.route({
    ...routeOf(customerVehicleEndpoints.owners, { tags, summary: '绑定车辆时按手机号查找车主', permission }),
    handler: async (request) => {
      const { list } = await listCustomers(request.db, requireAuth(request), { phone: request.query.phone, currentPage: 1, pageSize: vehicleOwnerOptionLimit });
      return ok(list.map(({ id, phone, nickname, enabled }) => ({ id, phone, nickname, enabled })));
    },
  });
};
