import type { Device } from '@parking/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { bodyOf, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { device, deviceId, lotId } from '../device-test-kit';
import { DeviceFormModal } from './device-form-modal';

const serve = (shown: Device) => {
  const calls = installFakeApi({
    'GET /api/system/Parking/list': ok({ list: [{ id: lotId, name: '东门停车场', type: 1 }], pagination: { total: 1, currentPage: 1, pageSize: 1000 } }),
    [`GET /api/system/Device/lotBindings/${lotId}`]: ok({ lanes: [], spaces: [] }),
    [`PUT /api/system/Device/${deviceId}`]: (call) => ok({ ...shown, ...(bodyOf(call) as object) }),
  });
  return () => calls.filter((c) => c.method === 'PUT').map((c) => bodyOf(c) as Record<string, unknown>);
};

const streamInput = () => screen.queryByPlaceholderText('https://…/live.m3u8 或 .flv');

beforeAll(() => {
  quietComputedStyle();
});

describe('设备表单 视频流地址', () => {
  it('takes a camera’s stream address, says what the contract refuses, and saves it', async () => {
    const shown = device();
    const saves = serve(shown);
    renderAt('/d', '/d', <DeviceFormModal parkingType={1} device={shown} onClose={vi.fn()} onCreated={vi.fn()} />);
    const input = await screen.findByPlaceholderText('https://…/live.m3u8 或 .flv');
    expect(screen.getByText('视频流地址')).toBeTruthy();

    await user.type(input, 'rtsp://10.0.0.8/live');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('视频流地址须以 http://、https://、ws:// 或 wss:// 开头')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'https://media.example.com/cam1/live.mp4');
    expect(await screen.findByText('视频流地址须指向 .m3u8（HLS）或 .flv（HTTP-FLV、WebSocket-FLV）')).toBeTruthy();
    expect(saves()).toEqual([]);

    await user.clear(input);
    await user.type(input, 'https://media.example.com/cam1/live.m3u8');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.streamUrl).toBe('https://media.example.com/cam1/live.m3u8');
  });

  it('clears a camera’s stream address when the field is emptied', async () => {
    const shown = device({ streamUrl: 'https://media.example.com/cam1/live.flv' });
    const saves = serve(shown);
    renderAt('/d', '/d', <DeviceFormModal parkingType={1} device={shown} onClose={vi.fn()} onCreated={vi.fn()} />);
    const input = await screen.findByDisplayValue('https://media.example.com/cam1/live.flv');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.streamUrl).toBe('');
  });

  it('has no stream address for a barrier, and leaves the stored one alone', async () => {
    const shown = device({ type: 'barrier', streamUrl: null });
    const saves = serve(shown);
    renderAt('/d', '/d', <DeviceFormModal parkingType={1} device={shown} onClose={vi.fn()} onCreated={vi.fn()} />);
    await screen.findByDisplayValue('CAM-0001');
    expect(streamInput()).toBeNull();
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).not.toHaveProperty('streamUrl');
  });
});
