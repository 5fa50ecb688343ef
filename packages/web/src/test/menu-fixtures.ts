import type { MenuItem } from '@parking/contract';

let nextId = 1;

export const page = (fullName: string, urlAddress: string, icon = 'AppstoreOutlined'): MenuItem => ({
  id: String(nextId++),
  fullName,
  enCode: urlAddress.split('/').at(-1) ?? '',
  icon,
  urlAddress,
  type: 2,
  sortCode: 0,
  hasChildren: false,
  children: [],
});

export const folder = (fullName: string, enCode: string, children: MenuItem[], icon = 'SettingOutlined'): MenuItem => ({
  id: String(nextId++),
  fullName,
  enCode,
  icon,
  urlAddress: '',
  type: 1,
  sortCode: 0,
  hasChildren: children.length > 0,
  children,
});

/** A slice of the demo menu catalogue. */
export const catalogueMenu = (): MenuItem[] => [
  folder('停车场管理', 'parkingAdmin', [page('停车场', 'parkingAdmin/parkingList'), page('片区', 'parkingAdmin/parkingArea')], 'CarOutlined'),
  folder('财务管理', 'FinancialManagement', [page('营收报表', 'FinancialManagement/revenueReport')], 'AccountBookOutlined'),
];
