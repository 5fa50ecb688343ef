import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle, renderAt } from '../../system/pages/system-page-test-kit';
import { device, lotId } from '../device-test-kit';
import { OutRoadPage } from './device-page';

const page = (list: unknown[]) => ok({ list, pagination: { currentPage: 1, pageSize: 10, total: list.length } });

beforeAll(() => quietComputedStyle());

describe('路外设备', () => {
  it('links 视频 to 视频监控 in a new window for a device with a stream address, and only for it', async () => {
    installFakeApi({
      'GET /api/system/Device': page([
        device({ streamUrl: 'https://media.example.com/cam1/live.m3u8' }),
        device({ id: '33333333-3333-4333-8333-333333333333', sn: 'GATE-01', name: '道闸', type: 'barrier' }),
      ]),
      'GET /api/system/Parking/list': page([{ id: lotId, name: '东门停车场', type: 1 }]),
    });
    renderAt('/SysOperations/outRoad', '/SysOperations/outRoad', <OutRoadPage />);
    await screen.findByText('GATE-01');
    const [camera, barrier] = bodyRows();
    const link = within(camera as HTMLElement).getByRole('link', { name: '视频' });
    expect(link.getAttribute('href')).toBe(`${window.location.pathname}#/palyer?deviceNo=CAM-0001`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(barrier as HTMLElement).queryByRole('link', { name: '视频' })).toBeNull();
  });
});
