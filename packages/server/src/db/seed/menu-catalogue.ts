/** Every menu a tenant can be given; icons are antd icon names the console whitelists. */
export interface CatalogueFolder {
  enCode: string;
  fullName: string;
  icon: string;
  pages: readonly (readonly [page: string, fullName: string, icon: string])[];
}

export const menuCatalogue: readonly CatalogueFolder[] = [
  {
    enCode: 'parkingAdmin',
    fullName: '停车场管理',
    icon: 'CarOutlined',
    pages: [
      ['parkingList', '停车场', 'AppstoreOutlined'],
      ['parkingArea', '片区', 'EnvironmentOutlined'],
      ['parkingLane', '车道', 'NodeIndexOutlined'],
      ['parkingSpace', '泊位', 'BorderOutlined'],
      ['tariff', '计费规则', 'CalculatorOutlined'],
      ['longRental', '长租车位', 'IdcardOutlined'],
    ],
  },
  {
    enCode: 'SysOperations',
    fullName: '设备运维',
    icon: 'ToolOutlined',
    pages: [
      ['inRoad', '路内设备', 'WifiOutlined'],
      ['outRoad', '路外设备', 'VideoCameraOutlined'],
      ['deviceOffline', '设备离线任务', 'DisconnectOutlined'],
      ['screen', '显示屏', 'DesktopOutlined'],
    ],
  },
  {
    enCode: 'OrderManagement',
    fullName: '订单管理',
    icon: 'FileTextOutlined',
    pages: [
      ['ParkingRecordOrder', '停车记录', 'UnorderedListOutlined'],
      ['OrderWarning', '订单预警', 'WarningOutlined'],
      ['parkingOrderEditAudit', '订单修改审核', 'AuditOutlined'],
      ['paymentRecord', '支付记录', 'PayCircleOutlined'],
      ['specialBill', '特殊账单', 'ProfileOutlined'],
    ],
  },
  {
    enCode: 'jointRecovery',
    fullName: '联合追缴',
    icon: 'AlertOutlined',
    pages: [
      ['unpaidOrders', '欠费订单', 'ExceptionOutlined'],
      ['recoveryRecord', '追缴记录', 'HistoryOutlined'],
    ],
  },
  {
    enCode: 'customer',
    fullName: '车主管理',
    icon: 'TeamOutlined',
    pages: [
      ['customerList', '车主', 'UserOutlined'],
      ['carList', '车辆', 'CarOutlined'],
      ['CarAuthenticationAudit', '车辆认证审核', 'SafetyCertificateOutlined'],
      ['carPhoneAudit', '手机号变更审核', 'MobileOutlined'],
      ['blackWhiteList', '黑白名单', 'StopOutlined'],
    ],
  },
  {
    enCode: 'ParkingOperations',
    fullName: '停车运营',
    icon: 'ShopOutlined',
    pages: [
      ['customerComplain', '客户投诉', 'CustomerServiceOutlined'],
      ['appeal', '申诉审核', 'SolutionOutlined'],
      ['merchant', '商户', 'ShopOutlined'],
      ['coupon', '优惠券', 'GiftOutlined'],
      ['group', '集团', 'ClusterOutlined'],
      ['groupCard', '集团卡', 'CreditCardOutlined'],
    ],
  },
  {
    enCode: 'FinancialManagement',
    fullName: '财务管理',
    icon: 'AccountBookOutlined',
    pages: [
      ['revenueReport', '营收报表', 'BarChartOutlined'],
      ['refund', '退款', 'RollbackOutlined'],
      ['invoiceRecord', '开票记录', 'FileDoneOutlined'],
      ['accountCheck', '对账', 'ReconciliationOutlined'],
      ['accountCheckMistake', '对账差错', 'BugOutlined'],
    ],
  },
  {
    enCode: 'system',
    fullName: '系统管理',
    icon: 'SettingOutlined',
    pages: [
      ['user', '用户', 'UserOutlined'],
      ['organize', '组织', 'ApartmentOutlined'],
      ['position', '岗位', 'IdcardOutlined'],
      ['role', '角色', 'TeamOutlined'],
      ['menu', '菜单', 'MenuOutlined'],
      ['dictionary', '字典', 'BookOutlined'],
      ['tenant', '租户', 'GlobalOutlined'],
      ['log', '操作日志', 'FileSearchOutlined'],
      ['message', '系统消息', 'MessageOutlined'],
      ['backup', '备份', 'CloudDownloadOutlined'],
    ],
  },
];
