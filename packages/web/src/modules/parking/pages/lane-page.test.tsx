import type { ParkingLane, ParkingQrCodeSheet } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type RecordedCall } from '../../../test/fake-api';
import { quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { LanePage } from './lane-page';

const lane = (overrides: Partial<ParkingLane>): ParkingLane => ({
  id: 'ln-1',
  lotId: 'l-1',
  lotName: '海岸城停车场',
  name: '出口1',
  direction: 'out',
  releaseAfterPayment: true,
  enabled: true,
  sortCode: 0,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

const lanes = [lane({}), lane({ id: 'ln-2', name: '入口1', direction: 'in' })];
// the first bytes of a PNG: the download saves what the server sent, untouched
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const sheet = (overrides: Partial<ParkingQrCodeSheet> = {}): ParkingQrCodeSheet => ({
  lotId: 'l-1',
  lotName: '海岸城停车场',
  lanes: [
    { id: 'ln-2', name: '入口1', direction: 'in', url: 'https://park.example.com/m/enter?t=a.b' },
    { id: 'ln-1', name: '出口1', direction: 'out', url: 'https://park.example.com/m/exit?t=c.d' },
  ],
  spaces: [
    { id: 's-1', number: 'B001', url: 'https://park.example.com/m/scan?t=e.f' },
    { id: 's-2', number: 'B002', url: 'https://park.example.com/m/scan?t=g.h' },
  ],
  ...overrides,
});

function fakeServer(lotSheet = sheet()) {
  return installFakeApi({
    'GET /api/system/ParkingLane': ok({ list: lanes, pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
    'GET /api/system/Parking/list': ok({ list: [{ id: 'l-1', name: '海岸城停车场', kind: 'lane', enabled: true }], pagination: { currentPage: 1, pageSize: 1000, total: 1 } }),
    'GET /api/system/ParkingLane/build/wxApplet/qRCode': { status: 200, body: pngBytes.buffer.slice(0) },
    'GET /api/system/Parking/qrCodeSheet': ok(lotSheet),
  });
}

// jsdom's Blob has no arrayBuffer()
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new Error('读取文件失败'));
    reader.readAsArrayBuffer(blob);
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const callsTo = (calls: RecordedCall[], url: string) => calls.filter((c) => c.method === 'GET' && c.url === url);

const createObjectURL = vi.fn((_blob: Blob) => 'blob:lane-qrcode');

beforeAll(() => {
  quietComputedStyle();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
});

describe('车道 page', { timeout: 120_000 }, () => {
  it('二维码 shows the lane’s code and 下载 saves the PNG the server sent, named after the lot and the lane', async () => {
    const calls = fakeServer();
    const saved: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderAt('/parkingAdmin/parkingLane', '/parkingAdmin/parkingLane', <LanePage />);
    await user.click(within(await rowOf('出口1')).getByRole('button', { name: '二维码' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('车道二维码 - 海岸城停车场 出口1（出口）')).toBeTruthy();
    expect(within(dialog).getByText('贴在出口车道：车主扫码缴费后出场')).toBeTruthy();
    expect((await within(dialog).findByAltText('海岸城停车场 出口1（出口）二维码')).getAttribute('src')).toBe('blob:lane-qrcode');
    expect(callsTo(calls, '/api/system/ParkingLane/build/wxApplet/qRCode').map((c) => c.params)).toEqual([{ id: 'ln-1' }]);

    await user.click(within(dialog).getByRole('button', { name: /下\s*载/ }));
    click.mockRestore();
    expect(saved).toEqual([{ name: '海岸城停车场-出口1.png', href: 'blob:lane-qrcode' }]);
    const blob = createObjectURL.mock.calls.at(-1)![0];
    expect(new Uint8Array(await bytesOf(blob))).toEqual(pngBytes);
  });

  it('打印全场二维码 lays out every lane and space of the lot with its name under it, and 打印 prints', async () => {
    const calls = fakeServer();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt('/parkingAdmin/parkingLane', '/parkingAdmin/parkingLane', <LanePage />);
    await user.click(within(await rowOf('入口1')).getByRole('button', { name: '二维码' }));
    await user.click(await screen.findByRole('button', { name: '打印全场二维码' }));
    await screen.findByText('打印全场二维码 - 海岸城停车场');
    const sheetNode = await waitFor(() => document.querySelector('.qrcode-sheet') as HTMLElement);
    expect(callsTo(calls, '/api/system/Parking/qrCodeSheet').map((c) => c.params)).toEqual([{ parkingId: 'l-1' }]);
    expect(within(sheetNode).getByText('车道（2）')).toBeTruthy();
    expect(within(sheetNode).getByText('泊位（2）')).toBeTruthy();
    const captions = [...sheetNode.querySelectorAll('figcaption strong')].map((node) => node.textContent);
    expect(captions).toEqual(['入口1', '出口1', 'B001', 'B002']);
    // one drawn code per lane and space
    expect(sheetNode.querySelectorAll('figure svg')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: /打\s*印$/ }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('says so when the lot has no spaces yet', async () => {
    fakeServer(sheet({ spaces: [] }));
    renderAt('/parkingAdmin/parkingLane', '/parkingAdmin/parkingLane', <LanePage />);
    await user.click(within(await rowOf('入口1')).getByRole('button', { name: '二维码' }));
    await user.click(await screen.findByRole('button', { name: '打印全场二维码' }));
    expect(await screen.findByText('该停车场还没有泊位')).toBeTruthy();
    expect(screen.getByText('泊位（0）')).toBeTruthy();
  });
});
