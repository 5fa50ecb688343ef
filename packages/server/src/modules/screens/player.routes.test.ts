import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { playerConcurrentStreams, type PlayerStream, type PlayerTree } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { mediaDir } from './standin-clip.js';

// the app's clock, fixed at 12:00 on 10 March in Shanghai
const clock = fixedClock('2026-03-10T04:00:00Z');
let t: TestApp;
let dataDir: string;
let mwAdmin: string;
let demoAdmin: string;
let upstream: Server;
let upstreamBase: string;
/** what the media server in this test holds, by path */
const upstreamFiles = new Map<string, Buffer>([
  ['/live/pole1.flv', Buffer.from('FLV\x01\x05 pole one bytes')],
  ['/live/abs/seg7.ts', Buffer.from('segment seven')],
]);
/** requests to this path are answered with a first chunk and then held open */
const heldPath = '/live/held.flv';
const held: ServerResponse[] = [];
const ids: Record<string, string> = {};

const segment = (n: number) => Buffer.from(`segment ${n} of the recording`);
/** what the WebSocket-FLV camera sends, message by message: the FLV header, then tags */
const wsPieces = [Buffer.from('FLV\x01\x05\x00\x00\x00\x09'), Buffer.from('tag one'), Buffer.from('tag two')];

const post = async (url: string, payload: object, token = mwAdmin) => {
  const answer = (await t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload })).json<{ code: number; msg: string; data: { id: string } }>();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
};
const stream = (payload: object, token = mwAdmin) => t.app.inject({ method: 'POST', url: '/api/system/screens/player/stream', headers: { authorization: token }, payload });
const signed = async (payload: object) => {
  const res = await stream(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PlayerStream }>().data;
};
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.url === heldPath) {
      response.writeHead(200, { 'content-type': 'video/x-flv' });
      response.write('FLV');
      held.push(response);
      return;
    }
    const body = upstreamFiles.get(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'video/x-flv' }).end(body);
  });
  // the same media server answers WebSocket-FLV at one address: its pieces, a text frame to skip, then it closes
  new WebSocketServer({ server: upstream, path: '/ws/pole2.flv' }).on('connection', (socket) => {
    socket.send(wsPieces[0]!);
    socket.send('not video');
    for (const piece of wsPieces.slice(1)) socket.send(piece);
    socket.close();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // a media server whose playlist names its segments and key by absolute address, and one piece elsewhere
  upstreamFiles.set(
    '/live/abs/index.m3u8',
    Buffer.from(
      [
        '#EXTM3U',
        `#EXT-X-KEY:METHOD=AES-128,URI="${upstreamBase}/live/abs/key.bin"`,
        '#EXTINF:2.0,',
        `${upstreamBase}/live/abs/seg7.ts`,
        '#EXTINF:2.0,',
        'https://cdn.example.cn/live/seg8.ts',
        '',
      ].join('\n'),
    ),
  );

  t = await buildTestApp({ now: clock.now });
  dataDir = t.app.config.dataDir;
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  demoAdmin = await signIn(t.app);

  const gated = await post('/api/system/Parking', { name: '视频停车楼', type: 1, kind: 'lane', totalSpaces: 50 });
  const road = await post('/api/system/Parking', { name: '视频路段', type: 0, kind: 'space', totalSpaces: 2 });
  const lane = await post('/api/system/ParkingLane', { lotId: gated, name: '北出口', direction: 'out' });
  const space = await post('/api/system/ParkingSpace', { lotId: road, number: 'V001' });
  const device = (sn: string, type: string, lotId: string, extra: object = {}) => post('/api/system/Device', { sn, name: `${sn}名称`, type, lotId, ...extra });
  ids.laneCamera = await device('PLAY-CAM-1', 'camera', gated, { laneId: lane, streamUrl: 'media:recorded/index.m3u8' });
  ids.pole = await device('PLAY-POLE-1', 'video_pole', road, { spaceId: space, streamUrl: `${upstreamBase}/live/pole1.flv` });
  ids.lotCamera = await device('PLAY-CAM-2', 'camera', gated);
  ids.barrier = await device('PLAY-BRG-1', 'barrier', gated, { laneId: lane, streamUrl: `${upstreamBase}/live/pole1.flv` });
  ids.gone = await device('PLAY-CAM-3', 'camera', gated, { streamUrl: `${upstreamBase}/live/missing.flv` });
  ids.heldCamera = await device('PLAY-CAM-4', 'camera', gated, { streamUrl: `${upstreamBase}${heldPath}` });
  ids.absCamera = await device('PLAY-CAM-5', 'camera', gated, { streamUrl: `${upstreamBase}/live/abs/index.m3u8` });
  ids.wsPole = await device('PLAY-POLE-2', 'video_pole', road, { streamUrl: `${upstreamBase.replace('http:', 'ws:')}/ws/pole2.flv` });
  ids.wsGone = await device('PLAY-POLE-3', 'video_pole', road, { streamUrl: `${upstreamBase.replace('http:', 'ws:')}/ws/missing.flv` });
  ids.demoCamera = await post(
    '/api/system/Device',
    {
      sn: 'DEMO-PLAY-1',
      name: '别家相机',
      type: 'camera',
      lotId: await post('/api/system/Parking', { name: '别家停车场', type: 1, kind: 'lane', totalSpaces: 5 }, demoAdmin),
      streamUrl: 'media:recorded/index.m3u8',
    },
    demoAdmin,
  );
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await t.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('视频监控 camera tree', () => {
  it('puts each camera and video pole under its lane, space or lot, says which have a stream, and leaves other devices and tenants out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/screens/player/tree', headers: { authorization: mwAdmin } });
    expect(res.statusCode, res.body).toBe(200);
    const { lots } = res.json<{ data: PlayerTree }>().data;
    const gated = lots.find((lot) => lot.name === '视频停车楼')!;
    expect(gated.lanes).toEqual([
      { id: expect.any(String), name: '北出口', cameras: [expect.objectContaining({ sn: 'PLAY-CAM-1', type: 'camera', hasStream: true, onlineState: 'never' })] },
    ]);
    expect(gated.cameras.map((c) => [c.sn, c.hasStream])).toEqual([
      ['PLAY-CAM-2', false],
      ['PLAY-CAM-3', true],
      ['PLAY-CAM-4', true],
      ['PLAY-CAM-5', true],
    ]);
    const road = lots.find((lot) => lot.name === '视频路段')!;
    expect(road.spaces.map((s) => [s.number, s.cameras.map((c) => c.sn)])).toEqual([['V001', ['PLAY-POLE-1']]]);
    expect(JSON.stringify(lots)).not.toContain('PLAY-BRG-1');
    expect(JSON.stringify(lots)).not.toContain('DEMO-PLAY-1');
  });
});

describe('a tile’s signed stream address', () => {
  it('is good for five minutes, by device id or by sn, and says how to play it', async () => {
    const byId = await signed({ deviceId: ids.laneCamera });
    expect(byId).toMatchObject({ deviceId: ids.laneCamera, sn: 'PLAY-CAM-1', kind: 'hls', expiresAt: '2026-03-10T04:05:00.000Z' });
    expect(byId.url).toMatch(/^\/api\/media\/live\/[\w-]+\.[\w-]+\/index\.m3u8$/);
    const bySn = await signed({ deviceNo: 'PLAY-POLE-1' });
    expect(bySn).toMatchObject({ deviceId: ids.pole, kind: 'flv' });
    expect(bySn.url).toMatch(/\/pole1\.flv$/);
  });

  it('refuses, each in its own words: a barrier, a camera without a stream, another tenant’s camera, nothing chosen', async () => {
    const refused = async (payload: object, status: number, msg: string | RegExp) => {
      const res = await stream(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toMatch(msg);
    };
    await refused({ deviceId: ids.barrier }, 400, '设备「PLAY-BRG-1」不是摄像机或视频桩');
    await refused({ deviceId: ids.lotCamera }, 400, '设备「PLAY-CAM-2」未设置视频流地址');
    await refused({ deviceId: ids.demoCamera }, 404, '设备不存在或已删除');
    await refused({ deviceNo: 'DEMO-PLAY-1' }, 404, '设备不存在或已删除');
    await refused({}, 400, '请选择设备');
  });
});

describe('the signed address', () => {
  beforeAll(() => {
    const folder = join(mediaDir(dataDir), 'recorded');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.m3u8'), ['#EXTM3U', ...[0, 1, 2].flatMap((n) => ['#EXTINF:2.000000,', `segment0${n}.ts`]), '#EXT-X-ENDLIST', ''].join('\n'));
    for (const n of [0, 1, 2]) writeFileSync(join(folder, `segment0${n}.ts`), segment(n));
    writeFileSync(join(mediaDir(dataDir), 'secret.txt'), 'not for players');
  });

  it('plays a recording as a live camera: a moving playlist, then its segments as MPEG-TS', async () => {
    const { url } = await signed({ deviceId: ids.laneCamera });
    const playlist = await get(url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-store');
    // 2026-03-10T04:00:00Z in 2 s segments
    expect(playlist.body).toContain(`#EXT-X-MEDIA-SEQUENCE:${Math.floor(Date.parse('2026-03-10T04:00:00Z') / 2000)}`);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const first = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const piece = await get(url.replace('index.m3u8', first));
    expect(piece.statusCode).toBe(200);
    expect(piece.headers['content-type']).toBe('video/mp2t');
    expect(piece.rawPayload).toEqual(segment(Number(first.slice(-4, -3))));
  });

  it('passes a media server’s stream through, and says when the camera’s server fails', async () => {
    const { url } = await signed({ deviceId: ids.pole });
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload).toEqual(upstreamFiles.get('/live/pole1.flv'));
    const gone = await get((await signed({ deviceId: ids.gone })).url);
    expect(gone.statusCode).toBe(502);
    expect(gone.json().msg).toBe('摄像机视频流不可用（404）');
  });

  it('makes a media server’s playlist name its own absolute segments and keys relative, so they come through the signed address too', async () => {
    const { url } = await signed({ deviceId: ids.absCamera });
    const playlist = await get(url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.body.split('\n')).toEqual(['#EXTM3U', '#EXT-X-KEY:METHOD=AES-128,URI="key.bin"', '#EXTINF:2.0,', 'seg7.ts', '#EXTINF:2.0,', 'https://cdn.example.cn/live/seg8.ts', '']);
    const piece = await get(url.replace('index.m3u8', 'seg7.ts'));
    expect(piece.rawPayload).toEqual(upstreamFiles.get('/live/abs/seg7.ts'));
  });

  it('relays a WebSocket-FLV camera as HTTP-FLV, its binary frames in order, and says when the socket is refused', async () => {
    const { url, kind } = await signed({ deviceId: ids.wsPole });
    expect(kind).toBe('flv');
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('video/x-flv');
    expect(res.rawPayload).toEqual(Buffer.concat(wsPieces));
    const refused = await get((await signed({ deviceId: ids.wsGone })).url);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().msg).toBe('摄像机视频流不可用');
  });

  it('reaches nothing outside the camera’s own folder, and no other camera', async () => {
    const { url } = await signed({ deviceId: ids.laneCamera });
    const prefix = url.slice(0, url.lastIndexOf('/'));
    for (const path of ['../secret.txt', '..%2Fsecret.txt', 'missing.ts']) expect((await get(`${prefix}/${path}`)).statusCode, path).toBe(404);
    // the token names one device: swapping in another's id breaks its signature
    const [body, mac] = prefix.split('/').at(-1)!.split('.');
    const forged = Buffer.from(Buffer.from(body!, 'base64url').toString().replace(ids.laneCamera!, ids.pole!)).toString('base64url');
    const res = await get(`/api/media/live/${forged}.${mac}/pole1.flv`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('视频地址无效');
  });

  it('stops after five minutes: the tile must ask again', async () => {
    const { url } = await signed({ deviceId: ids.laneCamera });
    clock.advance(5 * 60_000 + 1_000);
    try {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('视频地址已过期，请重新打开');
      expect((await get((await signed({ deviceId: ids.laneCamera })).url)).statusCode).toBe(200);
    } finally {
      clock.advance(-(5 * 60_000 + 1_000));
    }
  });

  it(`holds at most ${playerConcurrentStreams} streams of a tenant at once, and takes a new one when one closes`, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { url } = await signed({ deviceId: ids.heldCamera });
    // each stream's answer is held on to: fetch closes the connection of an answer it collects as garbage
    const open: { stop: AbortController; answer?: Response }[] = [];
    const watch = async (address: string) => {
      const stream = { stop: new AbortController() } as (typeof open)[number];
      open.push(stream);
      stream.answer = await fetch(`${base}${address}`, { signal: stream.stop.signal });
      return stream.answer;
    };
    try {
      for (let i = 0; i < playerConcurrentStreams; i++) expect((await watch(url)).status).toBe(200);
      const refused = await watch(url);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { msg: string }).msg).toBe('同时播放的视频过多，请关闭部分画面后重试');
      open[0]!.stop.abort();
      await expect.poll(async () => (await watch((await signed({ deviceId: ids.pole })).url)).status).toBe(200);
    } finally {
      for (const { stop } of open) stop.abort();
    }
  });
});
