import { describe, expect, it } from 'vitest';
import { catalogueMenu, folder, page } from '../../test/menu-fixtures';
import { affixViews, menuPages } from '../menu/menu-pages';
import { bigScreenPath, bigScreenUrl } from './big-screen';
import { clockText } from './clock-format';
import { createMenuSearch, menuSearchOptions, searchLabel } from './menu-search-index';
import { readWeatherCache, weatherCacheKey, weatherText, writeWeatherCache } from './weather-cache';

describe('menu search', () => {
  const search = createMenuSearch(
    menuPages([
      ...catalogueMenu(),
      folder('设备运维', 'SysOperations', [page('路内设备', 'SysOperations/inRoad'), page('路外设备', 'SysOperations/outRoad')]),
      folder('停车场管理2', 'p2', [page('计费规则', 'parkingAdmin/tariff')]),
    ]),
  );

  it('is fuzzy over title (0.7) and path (0.3) at threshold 0.4', () => {
    expect(menuSearchOptions.threshold).toBe(0.4);
    expect(menuSearchOptions.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('finds pages by fuzzy title and shows "folder > page"', () => {
    const [first] = search('营收');
    expect(first && searchLabel(first)).toBe('财务管理 > 营收报表');
    expect(search('路外设备').map(searchLabel)[0]).toBe('设备运维 > 路外设备');
  });

  it('finds pages by path', () => {
    expect(search('tariff').map((entry) => entry.path)).toContain('/parkingAdmin/tariff');
  });

  it('finds nothing for an empty query or nonsense', () => {
    expect(search('  ')).toEqual([]);
    expect(search('zzzzqqq')).toEqual([]);
  });
});

describe('menu pages and the home tab', () => {
  it('lists every page with its folders and pins the first one', () => {
    const menu = catalogueMenu();
    expect(menuPages(menu).map((p) => [p.folders.join('/'), p.title, p.path])).toEqual([
      ['停车场管理', '停车场', '/parkingAdmin/parkingList'],
      ['停车场管理', '片区', '/parkingAdmin/parkingArea'],
      ['财务管理', '营收报表', '/FinancialManagement/revenueReport'],
    ]);
    expect(affixViews(menu)).toEqual([
      { path: '/parkingAdmin/parkingList', fullPath: '/parkingAdmin/parkingList', name: 'affix:/parkingAdmin/parkingList', meta: { title: '停车场', noCache: false, affix: true } },
    ]);
    expect(affixViews([])).toEqual([]);
  });
});

describe('big screen', () => {
  it.each([
    [1, '/dataView'],
    [2, '/operationView'],
    [3, '/newDataView'],
    [0, '/demo'],
    [undefined, '/demo'],
  ])('type %s opens %s', (type, path) => {
    expect(bigScreenPath(type)).toBe(path);
  });

  it('opens a hash route of the same app', () => {
    expect(bigScreenUrl({ origin: 'http://x', pathname: '/', search: '' }, 2)).toBe('http://x/#/operationView');
  });
});

describe('clock', () => {
  it('shows date, weekday and time in Shanghai, whatever the browser zone', () => {
    expect(clockText(new Date('2026-11-21T01:05:07Z'))).toEqual({ date: '2026-11-21', week: '星期六', time: '09:05:07' });
    // 16:30 UTC is already the next day in Shanghai
    expect(clockText(new Date('2026-11-20T16:30:00Z'))).toEqual({ date: '2026-11-21', week: '星期六', time: '00:30:00' });
  });
});

describe('weather cache', () => {
  const data = { info: '晴', temperature: '12', date: '2026-11-21' };

  it('is kept per account and valid for its day only', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    writeWeatherCache(storage, 'demo', '2026-11-21', data);
    expect(readWeatherCache(storage, 'demo', '2026-11-21')).toEqual(data);
    expect(readWeatherCache(storage, 'demo', '2026-11-22')).toBeNull();
    expect(readWeatherCache(storage, 'mw', '2026-11-21')).toBeNull();
    store.set(weatherCacheKey('mw'), '{broken');
    expect(readWeatherCache(storage, 'mw', '2026-11-21')).toBeNull();
  });

  it('reads "info temperature℃"', () => {
    expect(weatherText(data)).toBe('晴 12℃');
  });
});
