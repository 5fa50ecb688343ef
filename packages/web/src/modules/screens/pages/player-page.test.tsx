import type { PlayerCamera, PlayerStream, PlayerTree } from '@parking/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import type { TileTiming } from '../components/player-tile';
import { startPlayback } from '../player-engine';
import { PlayerPage } from './player-page';

// jsdom has no MediaSource: the players are stood in for, one destroy per started stream
const destroyed: string[] = [];
vi.mock('../player-engine', () => ({
  startPlayback: vi.fn((_video: HTMLVideoElement, stream: { url: string }) => Promise.resolve({ destroy: () => destroyed.push(stream.url) })),
}));

const treePath = '/api/system/screens/player/tree';
const streamPath = '/api/system/screens/player/stream';
const fixedNow = () => new Date('2026-11-28T06:30:05Z');
// quick retries; a frozen picture never counts in jsdom, whose video never moves
const timing: TileTiming = { retryBaseMs: 20, retryCapMs: 40, stallMs: 3_600_000 };
// long enough for the error between two tries to be read before the next one starts
const readableTiming: TileTiming = { ...timing, retryBaseMs: 300, retryCapMs: 300 };

const camera = (id: number, overrides: Partial<PlayerCamera> = {}): PlayerCamera => ({
  deviceId: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
  sn: `CAM-${id}`,
  name: `摄像机${id}`,
  type: 'camera',
  onlineState: 'online',
  hasStream: true,
  ...overrides,
});

const cameras = Array.from({ length: 6 }, (_, i) => camera(i + 1));

const tree: PlayerTree = {
  lots: [
    {
      id: 'lot-1',
      name: '东门停车场',
      cameras: [cameras[0]!, camera(9, { name: '岗亭球机', hasStream: false, onlineState: 'never' })],
      lanes: [{ id: 'lane-1', name: '东门入口', cameras: [cameras[1]!, cameras[2]!] }],
      spaces: [{ id: 'space-1', number: 'A001', cameras: [cameras[3]!, { ...cameras[4]!, onlineState: 'offline' }] }],
    },
    { id: 'lot-2', name: '人民路', cameras: [cameras[5]!], lanes: [], spaces: [] },
  ],
};

const streamOf = (deviceId: string, sn = 'CAM-X', name = '摄像机'): PlayerStream => ({
  deviceId,
  sn,
  name,
  kind: 'hls',
  url: `/api/media/live/token-${deviceId}/index.m3u8`,
  expiresAt: '2026-11-28T06:35:05.000Z',
});

const streamFor = (call: RecordedCall): FakeReply => {
  const body = bodyOf(call) as { deviceId?: string; deviceNo?: string };
  const found = cameras.find((c) => c.deviceId === body.deviceId || c.sn === body.deviceNo);
  return found ? ok(streamOf(found.deviceId, found.sn, found.name)) : failure(404, '设备不存在');
};

const serve = (stream: (call: RecordedCall) => FakeReply = streamFor) => {
  const calls = installFakeApi({ [`GET ${treePath}`]: ok(tree), [`POST ${streamPath}`]: stream });
  return () => calls.filter((c) => c.url === streamPath).map((c) => bodyOf(c));
};

const tile = (n: number) => screen.getByRole('region', { name: `画面 ${n}` });
const tiles = () => within(screen.getByLabelText('画面')).getAllByRole('region');
const cameraButton = (name: string) => screen.getByText(name, { selector: '.player-camera__name' }).closest('button')!;
const playedUrls = () => vi.mocked(startPlayback).mock.calls.map(([, stream]) => stream.url);

beforeAll(() => {
  quietComputedStyle();
});

beforeEach(() => {
  destroyed.length = 0;
  vi.mocked(startPlayback).mockClear();
});

describe('视频监控', () => {
  it('lists lot → 车道 / 泊位 → camera with online dots, and four idle tiles', async () => {
    serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    const lot = await screen.findByRole('list', { name: '东门停车场' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('视频监控');
    expect(within(lot).getByRole('list', { name: '车道 东门入口' }).textContent).toContain('摄像机2CAM-2');
    const space = within(lot).getByRole('list', { name: '泊位 A001' });
    expect(
      within(space)
        .getAllByRole('img')
        .map((dot) => dot.getAttribute('aria-label')),
    ).toEqual(['在线', '离线']);
    expect(within(screen.getByRole('list', { name: '人民路' })).getByText('摄像机6')).toBeTruthy();
    expect(tiles()).toHaveLength(4);
    expect(within(tile(1)).getByText('空闲')).toBeTruthy();
    expect(within(tile(1)).getByText('点击左侧摄像机播放')).toBeTruthy();
    expect(screen.getByRole('button', { name: '4' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a camera without a stream disabled, 未设置视频流, and asks nothing for it', async () => {
    const asks = serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    const button = await screen.findByRole('button', { name: /岗亭球机/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.textContent).toContain('未设置视频流');
    await user.click(button);
    expect(asks()).toEqual([]);
  });

  it('filters the tree by name or sn', async () => {
    serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    await screen.findByRole('list', { name: '东门停车场' });
    await user.type(screen.getByRole('searchbox', { name: '搜索摄像机' }), 'cam-6');
    expect(screen.queryByRole('list', { name: '东门停车场' })).toBeNull();
    expect(screen.getByText('摄像机6')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: '搜索摄像机' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索摄像机' }), '没有这台');
    expect(screen.getByText('没有匹配的摄像机')).toBeTruthy();
  });

  it('plays a clicked camera in the first empty tile, the next in the chosen one, and stops a closed tile and the page left', async () => {
    const asks = serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    await user.click(await screen.findByText('摄像机2'));
    await waitFor(() => expect(playedUrls()).toEqual([`/api/media/live/token-${cameras[1]!.deviceId}/index.m3u8`]));
    expect(asks()).toEqual([{ deviceId: cameras[1]!.deviceId }]);
    const video = tile(1).querySelector('video')!;
    expect(vi.mocked(startPlayback).mock.calls[0]![0]).toBe(video);
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(within(tile(1)).getByText('连接中…')).toBeTruthy();
    video.dispatchEvent(new Event('playing'));
    await waitFor(() => expect(within(tile(1)).queryByRole('status')).toBeNull());
    expect(within(tile(1)).getByText('摄像机2')).toBeTruthy();
    expect(cameraButton('摄像机2').className).toContain('player-camera--playing');

    // a chosen tile takes the next camera
    await user.click(tile(4));
    await user.click(screen.getByText('摄像机4'));
    await waitFor(() => expect(tile(4).querySelector('video')).toBeTruthy());
    expect(within(tile(2)).getByText('空闲')).toBeTruthy();
    await waitFor(() => expect(playedUrls()).toHaveLength(2));

    await user.click(within(tile(1)).getByRole('button', { name: '关闭画面' }));
    expect(within(tile(1)).getByText('空闲')).toBeTruthy();
    expect(destroyed).toEqual([`/api/media/live/token-${cameras[1]!.deviceId}/index.m3u8`]);

    // leaving the page stops what still plays
    cleanup();
    expect(destroyed).toEqual([cameras[1]!, cameras[3]!].map((c) => `/api/media/live/token-${c.deviceId}/index.m3u8`));
  });

  it('switches the wall between 1, 4, 9 and 16 tiles and stops the streams that lose their tile', async () => {
    serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    await screen.findByText('摄像机1');
    await user.click(screen.getByRole('button', { name: '16' }));
    expect(tiles()).toHaveLength(16);
    expect(screen.getByLabelText('画面').style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    for (const c of cameras) await user.click(screen.getByText(c.name));
    await waitFor(() => expect(playedUrls()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: '9' }));
    expect(tiles()).toHaveLength(9);
    expect(screen.getByLabelText('画面').style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    expect(destroyed).toEqual([]);
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(tiles()).toHaveLength(4);
    expect(destroyed).toEqual([cameras[4]!, cameras[5]!].map((c) => `/api/media/live/token-${c.deviceId}/index.m3u8`));
    expect(document.querySelectorAll('video')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: '1' }));
    expect(tiles()).toHaveLength(1);
    expect(document.querySelectorAll('video')).toHaveLength(1);
    expect(destroyed).toHaveLength(5);
    expect(within(tile(1)).getByText('摄像机1')).toBeTruthy();
  });

  it('opens on ?deviceNo= in the first tile of a single-tile wall, named by the answer', async () => {
    const asks = serve();
    renderAt('/palyer?deviceNo=CAM-3', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    await waitFor(() => expect(playedUrls()).toEqual([`/api/media/live/token-${cameras[2]!.deviceId}/index.m3u8`]));
    expect(asks()).toEqual([{ deviceNo: 'CAM-3' }]);
    expect(tiles()).toHaveLength(1);
    expect(within(tile(1)).getByText('摄像机3')).toBeTruthy();
    expect(tile(1).querySelector('video')).toBeTruthy();
  });

  it('shows the error on the tile, tries again by itself with a fresh address, and plays once it comes', async () => {
    let asked = 0;
    const asks = serve((call) => (asked++ < 2 ? failure(429, '同时播放的视频过多') : streamFor(call)));
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={readableTiming} />);
    await user.click(await screen.findByText('摄像机1'));
    expect(await within(tile(1)).findByText('同时播放的视频过多')).toBeTruthy();
    expect(within(tile(1)).getByText('重试中…')).toBeTruthy();
    await waitFor(() => expect(playedUrls()).toHaveLength(1));
    expect(asks()).toEqual([1, 2, 3].map(() => ({ deviceId: cameras[0]!.deviceId })));
  });

  it('says 离线 on a failing tile whose camera the tree has offline', async () => {
    serve(() => failure(502, '设备无响应'));
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={readableTiming} />);
    await user.click(await screen.findByText('摄像机5'));
    expect(await within(tile(1)).findByText('设备无响应')).toBeTruthy();
    expect(within(tile(1)).getByText('离线，重试中…')).toBeTruthy();
  });

  it('a stream that fails while playing is stopped and started again on a new address', async () => {
    const failers: ((reason: string) => void)[] = [];
    vi.mocked(startPlayback).mockImplementation((_video, stream, onFailed) => {
      failers.push(onFailed);
      return Promise.resolve({ destroy: () => destroyed.push(stream.url) });
    });
    const asks = serve();
    renderAt('/palyer', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    await user.click(await screen.findByText('摄像机1'));
    await waitFor(() => expect(failers).toHaveLength(1));
    // the signed address expired: segments answer 403 and the player gives up
    act(() => failers[0]!('视频流连接中断'));
    expect(within(tile(1)).getByText('视频流连接中断')).toBeTruthy();
    expect(destroyed).toHaveLength(1);
    await waitFor(() => expect(failers).toHaveLength(2));
    expect(asks()).toHaveLength(2);
    // the old player speaking after it was replaced changes nothing
    failers[0]!('视频流连接中断');
    expect(destroyed).toHaveLength(1);
    vi.mocked(startPlayback).mockReset();
  });

  it('says 无法播放 with the reason when the camera has no stream, and asks again only on 重试', async () => {
    const asks = serve(() => failure(400, '该设备未设置视频流地址'));
    renderAt('/palyer?deviceNo=CAM-1', '/palyer', <PlayerPage now={fixedNow} timing={timing} />);
    expect(await within(tile(1)).findByText('该设备未设置视频流地址')).toBeTruthy();
    expect(within(tile(1)).getByText('无法播放')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asks()).toHaveLength(1);
    await user.click(within(tile(1)).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(asks()).toHaveLength(2));
  });
});
