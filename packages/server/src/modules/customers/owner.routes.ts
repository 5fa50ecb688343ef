import { ownerEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { asOwner, ownerSignIn, ownerSignOut, ownerTokenOf, sendOwnerCode, type OwnerSignInDeps } from './owner-session.service.js';
import { changeOwnerPhone, sendOwnerPhoneCodes } from './owner-phone.service.js';
import { ownerBindVehicle, ownerProfile, ownerUnbindVehicle, ownerVehicle, ownerVehicles } from './owner-vehicle.service.js';
import { readVehicleAuthPhoto } from './vehicle-auth.photo.js';
import { customerNotices, submitVehicleAuthentication } from './vehicle-auth.service.js';

const tags = ['public'];

export interface OwnerRoutesOptions extends Omit<OwnerSignInDeps, 'db'> {
  /** codes asked for and sign-ins tried per address and minute, as staff sign-in allows */
  signInRateLimit: number;
}

/**
 * The owner's phone pages under /api/open/owner: 获取验证码 and 登录 open to anyone (rate-limited);
 * everything else only with the owner's own token, for that owner's own data.
 */
export const ownerRoutes: FastifyPluginAsyncZod<OwnerRoutesOptions> = async (app, options) => {
  const deps: OwnerSignInDeps = { db: app.db, smsSender: options.smsSender, demoHint: options.demoHint, revealCodes: options.revealCodes };
  const limited = { public: true, rateLimit: { max: options.signInRateLimit, timeWindow: '1 minute' } } as const;
  const owned = { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
  const originOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  app.route({
    ...routeOf(ownerEndpoints.smsCode, { tags, summary: '车主登录：发送短信验证码（无需登录）', ...limited }),
    handler: async (request) => ok(await sendOwnerCode(deps, request.accountCode, request.body.phone, app.now()), '验证码已发送'),
  });

  app.route({
    ...routeOf(ownerEndpoints.signIn, { tags, summary: '车主登录：手机号与短信验证码；首次登录即注册（来源H5）', ...limited }),
    handler: async (request) => ok(await ownerSignIn(deps, request.accountCode, request.body, originOf(request), app.now()), '登录成功'),
  });

  app.route({
    ...routeOf(ownerEndpoints.signOut, { tags, summary: '车主退出登录', ...owned }),
    handler: async (request) => {
      await ownerSignOut(app.db, ownerTokenOf(request.headers), app.now());
      return ok(null, '已退出登录');
    },
  });

  app.route({
    ...routeOf(ownerEndpoints.me, { tags, summary: '车主：我的信息', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerProfile(tx, owner))),
  });

  app.route({
    ...routeOf(ownerEndpoints.vehicles, { tags, summary: '车主：我的车辆', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerVehicles(tx, owner))),
  });

  app.route({
    ...routeOf(ownerEndpoints.bind, { tags, summary: '车主：绑定车辆（未认证；最多5辆）', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerBindVehicle(tx, owner, request.body, originOf(request), app.now())), '绑定成功'),
  });

  app.route({
    ...routeOf(ownerEndpoints.unbind, { tags, summary: '车主：解绑车辆', ...owned }),
    handler: async (request) => ok(await asOwner(app.db, request, app.now(), (tx, owner) => ownerUnbindVehicle(tx, owner, request.params.id, originOf(request), app.now())), '解绑成功'),
  });

  app.route({
    ...routeOf(ownerEndpoints.authenticate, {
      tags,
      summary: '车主：提交行驶证照片认证车辆（multipart 字段 file，JPG/PNG/WebP，不超过5MB；车辆转为认证中）',
      consumes: ['multipart/form-data'],
      public: true,
      rateLimit: { max: 20, timeWindow: '1 minute' },
    }),
    handler: async (request) => {
      const owner = await asOwner(app.db, request, app.now(), async (_tx, who) => who);
      const photo = await readVehicleAuthPhoto(request);
      const now = app.now();
      await submitVehicleAuthentication(app.db, { tenantId: owner.tenantId, customerId: owner.customerId, vehicleId: request.params.id, photo, dataDir: app.config.dataDir, now });
      return ok(await asOwner(app.db, request, now, (tx) => ownerVehicle(tx, owner, request.params.id)), '已提交认证，请等待审核');
    },
  });

  app.route({
    ...routeOf(ownerEndpoints.notices, { tags, summary: '车主：认证与过户申诉的审核结果通知', ...owned }),
    handler: async (request) =>
      ok(
        await asOwner(app.db, request, app.now(), async (tx, owner) =>
          (await customerNotices(tx, owner.tenantId, owner.customerId, 20)).map(({ id, title, content, createdAt }) => ({ id, title, content, createdAt })),
        ),
      ),
  });

  app.route({
    ...routeOf(ownerEndpoints.phoneCodes, { tags, summary: '车主更换手机号：向原手机号与新手机号各发验证码', ...limited }),
    handler: async (request) => {
      const owner = await asOwner(app.db, request, app.now(), async (_tx, who) => who);
      return ok(await sendOwnerPhoneCodes(deps, owner, request.body.phone, app.now()), '验证码已发送');
    },
  });

  app.route({
    ...routeOf(ownerEndpoints.changePhone, { tags, summary: '车主更换手机号：两个验证码均正确即更换，无需审核；其他登录随之结束', ...limited }),
    handler: async (request) => {
      const owner = await asOwner(app.db, request, app.now(), async (_tx, who) => who);
      return ok(await changeOwnerPhone(deps, owner, request.body, originOf(request), app.now()), '手机号已更换');
    },
  });
};
