/** Demo tenants demo and mw and their accounts; every password is admin123. */
export const demoPassword = 'admin123';

export interface DemoTenant {
  code: string;
  name: string;
  title: string;
  weatherLocation: string;
  icpNo: string;
  policeNo: string;
  bigScreenType: number;
  footerText: string;
  users: readonly {
    account: string;
    realName: string;
    isAdministrator: boolean;
    position: string;
    /** menu folders the user's role grants; administrators get every menu */
    folders?: readonly string[];
  }[];
}

export const demoTenants: readonly DemoTenant[] = [
  {
    code: 'demo',
    name: '演示停车运营有限公司',
    title: '智慧停车管理平台',
    weatherLocation: '101010100',
    icpNo: '京ICP备2026000001号-1',
    policeNo: '京公网安备11010502000001号',
    bigScreenType: 1,
    footerText: 'Copyright © 2026 演示停车运营有限公司',
    users: [{ account: 'admin', realName: '系统管理员', isAdministrator: true, position: 'manager' }],
  },
  {
    code: 'mw',
    name: '明湾智慧停车有限公司',
    title: '明湾智慧停车',
    weatherLocation: '101280601',
    icpNo: '粤ICP备2026000002号-1',
    policeNo: '粤公网安备44030502000002号',
    bigScreenType: 2,
    footerText: 'Copyright © 2026 明湾智慧停车有限公司',
    users: [
      { account: 'mwadmin', realName: '明湾管理员', isAdministrator: true, position: 'manager' },
      {
        account: 'mwfinance',
        realName: '明湾财务',
        isAdministrator: false,
        position: 'finance',
        folders: ['FinancialManagement'],
      },
    ],
  },
];

/** Positions every tenant starts with; `finance` is the position whose holders in mw see only the finance warnings. */
export const demoPositions = [
  { code: 'manager', name: '运营经理' },
  { code: 'finance', name: '财务' },
  { code: 'operator', name: '运维专员' },
  { code: 'service', name: '客服专员' },
] as const;

export const demoDictionaries: Readonly<Record<string, readonly (readonly [value: string, label: string])[]>> = {
  plate_colour: [
    ['0', '蓝色'],
    ['1', '白色'],
    ['2', '黄色'],
    ['3', '绿色'],
    ['4', '黑色'],
  ],
  parking_type: [
    ['0', '路侧'],
    ['1', '商业'],
    ['2', '住宅'],
    ['3', '写字楼'],
    ['4', '交通枢纽'],
  ],
  device_type: [
    ['camera', '车牌识别相机'],
    ['barrier', '道闸'],
    ['geomagnetic', '地磁'],
    ['video_pole', '视频桩'],
    ['pda', '手持终端'],
    ['led_screen', 'LED显示屏'],
  ],
};
