import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { devicePagePermission, playerConcurrentStreams, playerEndpoints, playerPaths } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound, tooMany } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';
import { withTenant } from '../../db/tenant-scope.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { verifyStreamToken } from '../parking/index.js';
import { liveWindow, mediaTarget, mediaTypeOf, relativePlaylist } from './player-media.js';
import { findCamera } from './player.repository.js';
import { relayWebSocketFlv } from './flv-relay.js';
import { playerStream, playerTree, streamFileOf } from './player.service.js';
import { mediaDir } from './standin-clip.js';

export interface PlayerRoutesOptions {
  /** signs and checks the stream addresses */
  secret: string;
  /** media:<folder>/<file> addresses are read under DATA_DIR/media */
  dataDir: string;
  /** how a media server's files are fetched (tests hand in their own) */
  fetcher?: typeof fetch;
}

const permission = [devicePagePermission[0], devicePagePermission[1]];

/**
 * 视频监控 (/palyer): the camera tree and a signed address per tile, for users who hold a device page;
 * and the signed addresses themselves, which need no sign-in (a video element cannot send the token):
 * each is one camera of one tenant for playerStreamTtlSeconds, passed through from the camera's media
 * server or read from a recording under DATA_DIR/media, at most playerConcurrentStreams at once per tenant.
 */
export const playerRoutes: FastifyPluginAsyncZod<PlayerRoutesOptions> = async (app, { secret, dataDir, fetcher = fetch }) => {
  app.route({
    ...routeOf(playerEndpoints.tree, { tags: ['screens'], summary: '视频监控：停车场 → 车道/泊位 → 摄像机（按所持设备页面）', permission }),
    handler: async (request) => ok(await playerTree(request.db, requireAuth(request))),
  });

  app.route({
    ...routeOf(playerEndpoints.stream, { tags: ['screens'], summary: '视频监控：一路摄像机的短期签名播放地址', permission }),
    handler: async (request) => ok(await playerStream(request.db, requireAuth(request), request.body, app.now(), secret)),
  });

  const open = new Map<string, number>();
  const hold = (tenant: string) => {
    const now = open.get(tenant) ?? 0;
    if (now >= playerConcurrentStreams) throw tooMany('同时播放的视频过多，请关闭部分画面后重试');
    open.set(tenant, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (open.get(tenant) ?? 1) - 1;
      if (left > 0) open.set(tenant, left);
      else open.delete(tenant);
    };
  };

  // video bytes for a player, not an operation for integrators: left out of the OpenAPI document
  app.get<{ Params: { token: string; '*': string } }>(`${playerPaths.media}/:token/*`, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const checked = verifyStreamToken(secret, request.params.token, app.now());
    if (!checked.ok) throw forbidden(checked.reason === 'expired' ? '视频地址已过期，请重新打开' : '视频地址无效');
    const { id, tenant } = checked.payload;
    const camera = await withTenant(app.db, tenant, (tx) => findCamera(tx, tenant, { deviceId: id }));
    if (!camera?.enabled || !camera.streamUrl) throw notFound('摄像机不存在、已停用或未设置视频流地址');
    const file = request.params['*'];
    const target = mediaTarget(camera.streamUrl, file, mediaDir(dataDir));
    if (!target) throw notFound('视频文件不存在');
    reply.header('cache-control', 'no-store');
    if ('path' in target) {
      // a recording plays as a live camera: its playlist is a window that moves on with the clock
      if (file === streamFileOf(camera.streamUrl) && file.endsWith('.m3u8')) {
        const live = liveWindow(await readFile(target.path, 'utf8').catch(() => ''), app.now().getTime());
        if (!live) throw notFound('视频文件不存在');
        return reply.type(mediaTypeOf(file)).send(live);
      }
      const size = await stat(target.path)
        .then((s) => (s.isFile() ? s.size : undefined))
        .catch(() => undefined);
      if (size === undefined) throw notFound('视频文件不存在');
      reply.raw.on('close', hold(tenant));
      return reply.type(mediaTypeOf(file)).header('content-length', size).send(createReadStream(target.path));
    }
    const release = hold(tenant);
    const stop = new AbortController();
    reply.raw.on('close', () => {
      release();
      stop.abort();
    });
    if (/^wss?:/.test(target.url)) {
      const relayed = await relayWebSocketFlv(target.url, stop.signal);
      if (!relayed) {
        release();
        return reply.code(502).send({ code: 502, msg: '摄像机视频流不可用', data: null });
      }
      return reply.type(mediaTypeOf(file)).send(relayed);
    }
    const upstream = await fetcher(target.url, { signal: stop.signal }).catch(() => undefined);
    if (!upstream?.ok || !upstream.body) {
      release();
      return reply.code(502).send({ code: 502, msg: `摄像机视频流不可用${upstream ? `（${upstream.status}）` : ''}`, data: null });
    }
    const type = upstream.headers.get('content-type') ?? mediaTypeOf(file);
    // a playlist is small and read whole: its absolute entries are made to come through here too
    if (file.endsWith('.m3u8')) {
      const playlist = await upstream.text().catch(() => undefined);
      release();
      if (playlist === undefined) return reply.code(502).send({ code: 502, msg: '摄像机视频流不可用', data: null });
      return reply.type(type).send(relativePlaylist(playlist, target.url));
    }
    return reply.type(type).send(Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>));
  });
};
