import type { DataViewLot } from '@parking/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AMapMapOptions, AMapMarkerOptions, AMapNamespace } from '../../../shared/map/amap-types';
import { loadRuntimeConfig } from '../../../shared/runtime-config';
import { LotMap } from './lot-map';

// jsdom has no canvas: the drawn plan is stood in for by its label
vi.mock('./screen-chart', () => ({ ScreenChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

/** A stand-in AMap that records what the page asked of it. */
const fake = () => {
  const made = { maps: [] as AMapMapOptions[], markers: [] as { options: AMapMarkerOptions; on: boolean }[], fits: 0, destroyed: 0 };
  const amap = {
    Map: class {
      constructor(_box: HTMLElement, options: AMapMapOptions) {
        made.maps.push(options);
      }
      on() {}
      setZoomAndCenter() {}
      setFitView() {
        made.fits++;
      }
      destroy() {
        made.destroyed++;
      }
    },
    Marker: class {
      entry: { options: AMapMarkerOptions; on: boolean };
      constructor(options: AMapMarkerOptions) {
        this.entry = { options, on: false };
        made.markers.push(this.entry);
      }
      setPosition() {}
      setMap(map: unknown) {
        this.entry.on = map !== null;
      }
    },
  } as unknown as AMapNamespace;
  return { amap, made };
};

let loading: () => Promise<AMapNamespace>;
vi.mock('../../../shared/map/amap-loader', () => ({ loadAMap: () => loading() }));

const withKey = (amapKey: string) => loadRuntimeConfig(async () => Response.json({ apiBaseUrl: '', amapKey, amapSecurityCode: amapKey ? 'code' : '', weatherEnabled: false }));

const lot = (id: string, name: string, level: DataViewLot['level'], lng: number | null, lat: number | null): DataViewLot => ({
  id,
  name,
  placement: 'offStreet',
  areaName: '城区',
  lng,
  lat,
  totalSpaces: 100,
  freeSpaces: level === 'full' ? 0 : 40,
  occupancyPercent: level === 'full' ? 100 : 60,
  level,
  receivedToday: 0,
});
const lots = [lot('l-1', '东门停车场', 'ample', 114.05, 22.54), lot('l-2', '人民路', 'full', 114.06, 22.55), lot('l-3', '未定位停车场', 'tight', null, null)];

beforeEach(async () => {
  await withKey('');
});
afterEach(async () => {
  await withKey('');
});

describe('停车场分布 on AMap', () => {
  it('puts each located lot on a dark map in its level’s colour, frames them once, and says how many have no coordinates', async () => {
    await withKey('amap-key');
    const { amap, made } = fake();
    loading = () => Promise.resolve(amap);
    const view = render(<LotMap lots={lots} scale={1} />);
    expect(await screen.findByRole('img', { name: '停车场地图' })).toBeTruthy();
    await waitFor(() => expect(made.markers).toHaveLength(2));
    expect(made.maps).toEqual([{ zoom: 11, mapStyle: 'amap://styles/darkblue' }]);
    expect(made.markers.map(({ options, on }) => [options.position, options.title, (options.content as HTMLElement).className, (options.content as HTMLElement).textContent, on])).toEqual([
      [[114.05, 22.54], '东门停车场', 'data-view-map-marker data-view-map-marker--ample', '东门停车场', true],
      [[114.06, 22.55], '人民路', 'data-view-map-marker data-view-map-marker--full', '人民路', true],
    ]);
    expect(made.fits).toBe(1);
    expect(screen.getByText('1 个停车场未标注位置')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '停车场分布图' })).toBeNull();

    // the next snapshot recolours the lots where they are: old marks off, new ones on, no new framing
    view.rerender(<LotMap lots={[{ ...lots[0]!, level: 'tight' }, lots[1]!]} scale={1} />);
    await waitFor(() => expect(made.markers).toHaveLength(4));
    expect(made.markers.map((m) => m.on)).toEqual([false, false, true, true]);
    expect((made.markers[2]!.options.content as HTMLElement).className).toContain('--tight');
    expect(made.fits).toBe(1);
    view.unmount();
    expect(made.destroyed).toBe(1);
  });

  it('draws the plan instead when the map cannot load, and says so', async () => {
    await withKey('amap-key');
    loading = () => Promise.reject(new Error('高德地图脚本加载失败'));
    render(<LotMap lots={lots} scale={1} />);
    expect(await screen.findByText('地图加载失败，显示示意图')).toBeTruthy();
    expect(screen.getByRole('img', { name: '停车场分布图' })).toBeTruthy();
  });

  it('draws the plan without a key, or when no lot has coordinates, and never asks for the map', async () => {
    let asked = 0;
    loading = () => {
      asked++;
      return Promise.resolve(fake().amap);
    };
    const view = render(<LotMap lots={lots} scale={1} />);
    expect(screen.getByRole('img', { name: '停车场分布图' })).toBeTruthy();
    view.unmount();
    await withKey('amap-key');
    render(<LotMap lots={[lots[2]!]} scale={1} />);
    expect(screen.getByRole('img', { name: '停车场分布图' })).toBeTruthy();
    expect(asked).toBe(0);
  });
});
