import { envelope, ownSession, profile, profileInput, profilePaths, uploadedImage } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { readImage, storeImage } from '../../shared/image-upload.js';
import { endOwnSession, getProfile, listOwnSessions, replaceAvatar, updateProfile } from './profile.service.js';

const tags = ['system'];
/** everyone has a personal center; each call only ever touches the signed-in user */
const permission = anySignedIn;
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

/** The personal center (/user/center): one's own profile, avatar and sessions. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    profilePaths.profile,
    { config: { permission }, schema: { tags, summary: '个人资料', response: { 200: envelope(profile) } } },
    async (request) => ok(await getProfile(request.db, requireAuth(request))),
  );

  app.put(
    profilePaths.profile,
    { config: { permission }, schema: { tags, summary: '修改个人资料', body: profileInput, response: { 200: envelope(profile) } } },
    async (request) => ok(await updateProfile(request.db, requireAuth(request), request.body), '修改成功'),
  );

  app.post(
    profilePaths.avatar,
    {
      config: { permission },
      schema: { tags, summary: '上传头像（multipart 字段 file；PNG/JPG/GIF/WebP，不超过2MB）', consumes: ['multipart/form-data'], response: { 200: envelope(uploadedImage) } },
    },
    async (request) => {
      const image = await readImage(request, 'avatar');
      const url = await storeImage(app.config.dataDir, 'avatars', image);
      return ok(await replaceAvatar(request.db, requireAuth(request), app.config.dataDir, url), '上传成功');
    },
  );

  app.get(
    profilePaths.sessions,
    { config: { permission }, schema: { tags, summary: '我的登录设备', response: { 200: envelope(z.array(ownSession)) } } },
    async (request) => ok(await listOwnSessions(request.db, requireAuth(request))),
  );

  app.delete(
    profilePaths.session,
    {
      config: { permission },
      schema: {
        tags,
        summary: '下线自己的一个登录',
        params: z.object({ id: z.uuid('登录编号格式不正确') }),
        response: { 200: envelope(z.object({ current: z.boolean() })) },
      },
    },
    async (request) => ok(await endOwnSession(request.db, requireAuth(request), request.params.id), '已下线'),
  );
};
