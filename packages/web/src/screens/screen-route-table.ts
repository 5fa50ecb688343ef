import type { RouteHandle } from '../app/route-handle';

export interface ScreenRouteEntry extends RouteHandle {
  path: string;
}

/** Full-window screens outside the shell, hidden from the menu. */
export const screenRouteTable: readonly ScreenRouteEntry[] = [
  { path: 'dataView', title: '数据大屏' },
  { path: 'newDataView', title: '新版数据大屏' },
  { path: 'operationView', title: '运营大屏' },
  { path: 'demo', title: '智慧大屏' },
  { path: 'palyer', title: '视频监控' },
];
