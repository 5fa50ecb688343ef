import { profileEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { readImage, storeImage } from '../../shared/image-upload.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { endOwnSession, getProfile, listOwnSessions, replaceAvatar, updateProfile } from './profile.service.js';

const tags = ['system'];
/** everyone has a personal center; each call only ever touches the signed-in user */
const permission = anySignedIn;

/** The personal center (/user/center): one's own profile, avatar and sessions. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.profile, { tags, summary: '个人资料', permission }),
    handler: async (request) => ok(await getProfile(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(endpoints.update, { tags, summary: '修改个人资料', permission }),
    handler: async (request) => ok(await updateProfile(request.db, requireAuth(request), request.body), '修改成功'),
  });

  app.route({
    ...routeOf(endpoints.avatar, {
      tags,
      summary: '上传头像（multipart 字段 file；PNG/JPG/GIF/WebP，不超过2MB）',
      consumes: ['multipart/form-data'],
      permission,
    }),
    handler: async (request) => {
      const image = await readImage(request, 'avatar');
      const url = await storeImage(app.config.dataDir, 'avatars', image);
      return ok(await replaceAvatar(request.db, requireAuth(request), app.config.dataDir, url), '上传成功');
    },
  });

  app.route({
    ...routeOf(endpoints.sessions, { tags, summary: '我的登录设备', permission }),
    handler: async (request) => ok(await listOwnSessions(request.db, requireAuth(request), app.now())),
  });

  app.route({
    ...routeOf(endpoints.endSession, { tags, summary: '下线自己的一个登录', permission }),
    handler: async (request) => ok(await endOwnSession(request.db, requireAuth(request), request.params.id, app.now()), '已下线'),
  });
};
