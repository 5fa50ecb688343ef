import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { standaloneRoutes } from './shell-routes';

// the page's own chunk is what /dataView (/operationView, /newDataView, /palyer) loads; its insides are tested next to it
vi.mock('../modules/screens/pages/data-view-page', () => ({ DataViewPage: () => null }));
vi.mock('../modules/screens/pages/operation-view-page', () => ({ OperationViewPage: () => null }));
vi.mock('../modules/screens/pages/new-data-view-page', () => ({ NewDataViewPage: () => null }));
vi.mock('../modules/screens/pages/player-page', () => ({ PlayerPage: () => null }));

const loaded = async (path: string) => {
  const route = standaloneRoutes.find((r) => r.path === path);
  expect(route, path).toBeDefined();
  const lazy = route!.lazy as () => Promise<Partial<RouteObject>>;
  return lazy();
};

describe('big-screen routes', () => {
  it('loads 数据大屏 at /dataView when visited', async () => {
    const { DataViewPage } = await import('../modules/screens/pages/data-view-page');
    const route = await loaded('dataView');
    expect(route.Component).toBe(DataViewPage);
    expect(route.element).toBeUndefined();
  });

  it('loads 运营大屏 at /operationView when visited', async () => {
    const { OperationViewPage } = await import('../modules/screens/pages/operation-view-page');
    const route = await loaded('operationView');
    expect(route.Component).toBe(OperationViewPage);
    expect(route.element).toBeUndefined();
  });

  it('loads 新版数据大屏 at /newDataView when visited', async () => {
    const { NewDataViewPage } = await import('../modules/screens/pages/new-data-view-page');
    const route = await loaded('newDataView');
    expect(route.Component).toBe(NewDataViewPage);
    expect(route.element).toBeUndefined();
  });

  it('loads 视频监控 at /palyer when visited', async () => {
    const { PlayerPage } = await import('../modules/screens/pages/player-page');
    const route = await loaded('palyer');
    expect(route.Component).toBe(PlayerPage);
    expect(route.element).toBeUndefined();
  });

  it('keeps the 建设中 placeholder for the screens not built yet', async () => {
    for (const path of ['demo']) {
      const route = await loaded(path);
      expect(route.Component, path).toBeUndefined();
      expect(route.element, path).toBeTruthy();
    }
  });
});
