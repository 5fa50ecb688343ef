import { messageStatusNames, messageTypeNames } from '../messages/index.js';
import { deviceOnlineStateNames, deviceParkingTypeNames, deviceTypeNames, screenColourNames, screenMessageStateNames } from '../devices/index.js';
import {
  customerSourceNames,
  phoneChangeStatusNames,
  plateListStateNames,
  plateListTypeNames,
  vehicleAuthKindNames,
  vehicleAuthStatusNames,
  vehicleBindingStateNames,
} from '../customers/index.js';
import { couponKindNames, couponStateNames, groupCardBenefitNames, groupCardStateNames, merchantKindNames, merchantSettlementNames, specialBillStatusNames } from '../marketing/index.js';
import { appealOutcomeNames, appealReasonNames, appealStatusNames, complaintCategoryNames, complaintChannelNames, complaintStatusNames } from '../service/index.js';
import {
  abnormalReasonNames,
  blacklistEntryRuleNames,
  duplicateEntryRuleNames,
  exitWithoutEntryRuleNames,
  graceReentryRuleNames,
  lotEventRuleLabels,
  orderWarningCategoryNames,
  orderWarningKindNames,
  orderWarningStateNames,
  parkingRecordStateNames,
  recordEditKindNames,
  recordEditStatusNames,
} from '../orders/index.js';
import { longRentalStateNames, parkingLaneDirectionNames, parkingLotKindNames, parkingLotTypeNames, parkingSpaceStateNames, parkingSpaceTypeNames } from '../parking/index.js';
import { paymentChannelNames, refundStatusNames } from '../payments/index.js';
import { buyerTypeNames, invoiceStateNames } from '../finance/index.js';
import { reminderChannelNames } from '../recovery/index.js';
import { reconciliationMistakeKindNames, reconciliationMistakeStatusNames, reconciliationResolutionNames } from '../finance/index.js';
import { plateColourNames } from './dictionary.schema.js';
import { menuTypeNames } from './menu-admin.schema.js';
import { userStatusNames } from './user.schema.js';

/**
 * The modules that write the operation log, by their menu folders' names. The server types every
 * entry's module with these keys, so a module that starts logging appears here (and in the 模块
 * filter) or does not compile.
 */
export const auditModuleNames = {
  auth: '登录认证',
  system: '系统管理',
  messages: '系统消息',
  parking: '停车场管理',
  devices: '设备运维',
  orders: '订单管理',
  payments: '支付',
  recovery: '联合追缴',
  marketing: '停车运营',
  customers: '车主管理',
  service: '投诉与申诉',
  finance: '财务管理',
} as const;
export type AuditModule = keyof typeof auditModuleNames;
export const auditModules = Object.keys(auditModuleNames) as AuditModule[];

/** How one logged field reads: its label, and what its value means when it is not plain text. */
export interface AuditField {
  label: string;
  /** the value is the id (or a list of ids) of an object of this kind (an AuditTarget), shown by its name */
  ref?: string;
  /** the value is a code, shown by this name */
  values?: Readonly<Record<string, string>>;
  /** money in fen, shown in yuan */
  fen?: true;
  /** a mobile number, shown masked as on every staff list (spec §5) */
  phone?: true;
}
type FieldSpec = string | AuditField;

/** What one kind of logged object is called, where the console lists it, and its fields' labels. */
export interface AuditKind {
  name: string;
  /** the snapshot field that names one object (its name, number or plate) */
  title?: string;
  /** the console page that lists objects of this kind, and the search field that finds one by its title */
  page?: { path: string; param?: string };
  fields: Readonly<Record<string, FieldSpec>>;
}

const userRef = (label: string): AuditField => ({ label, ref: 'user' });
const enabledNames = { true: '启用', false: '停用' } as const;

/** Fields that mean the same in every kind's snapshot; a kind's own labels win over these. */
export const commonAuditFields: Readonly<Record<string, FieldSpec>> = {
  id: '编号',
  tenantId: '租户编号',
  name: '名称',
  code: '编码',
  description: '描述',
  remark: '备注',
  enabled: { label: '启用', values: enabledNames },
  sortCode: '排序',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  address: '地址',
  lng: '经度',
  lat: '纬度',
  phone: { label: '联系电话', phone: true },
  mobile: { label: '手机号', phone: true },
  email: '邮箱',
  reason: '原因',
  plateNumber: '车牌号',
  plateColour: { label: '车牌颜色', values: plateColourNames },
  amount: { label: '金额', fen: true },
  validFrom: '生效日期',
  validTo: '失效日期',
  lotId: { label: '停车场', ref: 'parkingLot' },
  lotIds: { label: '停车场', ref: 'parkingLot' },
  lotName: '停车场名称',
  lotNames: '停车场名称',
  areaId: { label: '片区', ref: 'parkingArea' },
  areaName: '片区名称',
  laneId: { label: '车道', ref: 'parkingLane' },
  laneName: '车道名称',
  spaceId: { label: '泊位', ref: 'parkingSpace' },
  spaceNumber: '泊位编号',
  tariffId: { label: '计费规则', ref: 'tariff' },
  groupId: { label: '集团', ref: 'group' },
  groupName: '集团名称',
  deviceId: { label: '设备', ref: 'device' },
  recordId: { label: '停车记录', ref: 'parkingRecord' },
  paymentId: { label: '支付记录', ref: 'payment' },
  organizationId: { label: '组织', ref: 'organization' },
  organizationName: '组织名称',
  userId: userRef('用户'),
  operatorId: userRef('操作人'),
  operatorName: '操作人姓名',
  createdBy: userRef('创建人'),
  createdByName: '创建人姓名',
  requestedBy: userRef('申请人'),
  requestedByName: '申请人姓名',
  decidedBy: userRef('审核人'),
  decidedByName: '审核人姓名',
  decidedAt: '审核时间',
  handledBy: userRef('处理人'),
  handledByName: '处理人姓名',
  handledAt: '处理时间',
  roleIds: { label: '角色', ref: 'role' },
  positionIds: { label: '岗位', ref: 'position' },
  menuIds: { label: '菜单权限', ref: 'menu' },
};

const lotEventRuleFields: Readonly<Record<string, FieldSpec>> = {
  ...lotEventRuleLabels,
  duplicateEntry: { label: lotEventRuleLabels.duplicateEntry, values: duplicateEntryRuleNames },
  exitWithoutEntry: { label: lotEventRuleLabels.exitWithoutEntry, values: exitWithoutEntryRuleNames },
  blacklistEntry: { label: lotEventRuleLabels.blacklistEntry, values: blacklistEntryRuleNames },
  graceReentry: { label: lotEventRuleLabels.graceReentry, values: graceReentryRuleNames },
};

const recordMoney = {
  amountDue: { label: '应收', fen: true },
  discount: { label: '优惠', fen: true },
  paid: { label: '已付', fen: true },
  unpaid: { label: '欠费', fen: true },
  state: { label: '状态', values: parkingRecordStateNames },
  abnormalReasons: { label: '异常原因', values: abnormalReasonNames },
} as const;

/** Every kind of object the server writes to the operation log (the entry's `target`), with the words of the pages that change it. */
export const auditKinds = {
  session: { name: '会话', fields: { rememberMe: { label: '记住登录', values: { true: '是', false: '否' } } } },
  user: {
    name: '用户',
    title: 'account',
    page: { path: '/system/user', param: 'keyword' },
    fields: {
      account: '账号',
      realName: '姓名',
      status: { label: '状态', values: userStatusNames },
      isAdministrator: { label: '管理员', values: { true: '是', false: '否' } },
      positions: '岗位',
      roles: '角色',
      avatar: '头像',
      loginLimit: '登录限制',
    },
  },
  organization: {
    name: '组织',
    title: 'name',
    page: { path: '/system/organize' },
    fields: { name: '组织名称', code: '组织编码', parentId: { label: '上级组织', ref: 'organization' } },
  },
  position: {
    name: '岗位',
    title: 'name',
    page: { path: '/system/position', param: 'keyword' },
    fields: { name: '岗位名称', code: '岗位编码', userCount: '用户数' },
  },
  role: {
    name: '角色',
    title: 'name',
    page: { path: '/system/role', param: 'keyword' },
    fields: { name: '角色名称', code: '角色编码', isSystem: { label: '系统角色', values: { true: '是', false: '否' } }, userCount: '用户数' },
  },
  menu: {
    name: '菜单',
    title: 'fullName',
    page: { path: '/system/menu' },
    fields: {
      fullName: '菜单名称',
      enCode: '菜单编码',
      icon: '图标',
      urlAddress: '路由地址',
      type: { label: '菜单类型', values: menuTypeNames },
      parentId: { label: '上级菜单', ref: 'menu' },
    },
  },
  dictDetail: {
    name: '字典项',
    title: 'label',
    page: { path: '/system/dictionary' },
    fields: { dictName: '字典名称', label: '字典标签', value: '字典值', sort: '排序' },
  },
  tenant: {
    name: '租户',
    title: 'name',
    page: { path: '/system/tenant' },
    fields: {
      code: '租户编码',
      name: '企业名称',
      title: '平台标题',
      logo: '标志',
      favicon: '网站图标',
      weatherLocation: '天气位置',
      icpNo: 'ICP备案号',
      policeNo: '公安备案号',
      bigScreenType: '大屏类型',
      footerText: '页脚文字',
      smsCaptchaOpen: { label: '短信验证码登录', values: { true: '开启', false: '关闭' } },
      isPlatform: { label: '平台租户', values: { true: '是', false: '否' } },
      photoRetentionDays: '过车照片保留天数',
      eventRetentionDays: '原始过车事件保留天数',
    },
  },
  backup: {
    name: '备份',
    title: 'name',
    page: { path: '/system/backup' },
    fields: { name: '文件名', bytes: '大小（字节）', createdAt: '备份时间' },
  },
  systemMessage: {
    name: '系统消息',
    title: 'messageName',
    page: { path: '/system/message' },
    fields: {
      messageName: '消息名称',
      messageText: '消息内容',
      messageType: { label: '消息类型', values: messageTypeNames },
      businessId: '业务编号',
      status: { label: '状态', values: messageStatusNames },
      creatorTime: '创建时间',
      lastModifyTime: '修改时间',
    },
  },
  parkingArea: {
    name: '片区',
    title: 'name',
    page: { path: '/parkingAdmin/parkingArea', param: 'name' },
    fields: {
      name: '片区名称',
      floor: '楼层',
      inspectorIds: userRef('巡检员'),
      inspectors: '巡检员姓名',
      checkInRange: '打卡范围(米)',
      lotCount: '停车场数',
    },
  },
  parkingLot: {
    name: '停车场',
    title: 'name',
    page: { path: '/parkingAdmin/parkingList', param: 'name' },
    fields: {
      name: '停车场名称',
      type: { label: '停车场类型', values: parkingLotTypeNames },
      kind: { label: '模式', values: parkingLotKindNames },
      provinceCode: '省份编码',
      cityCode: '城市编码',
      districtCode: '区县编码',
      totalSpaces: '总车位数',
      longRentalSpaces: '长租车位数',
      reservedSpaces: '预留车位数',
      chargingSpaces: '充电车位数',
      freeCount: '空余车位数',
      selfOperated: { label: '是否自营', values: { true: '是', false: '否' } },
      prepay: { label: '是否预付', values: { true: '是', false: '否' } },
      managerIds: userRef('管理员'),
      managers: '管理员姓名',
      longRentalSpaceLeave: '长租剩余车位',
      ...lotEventRuleFields,
    },
  },
  parkingLane: {
    name: '车道',
    title: 'name',
    page: { path: '/parkingAdmin/parkingLane', param: 'name' },
    fields: {
      name: '车道名称',
      direction: { label: '方向', values: parkingLaneDirectionNames },
      releaseAfterPayment: { label: '缴费后放行', values: { true: '是', false: '否' } },
    },
  },
  parkingSpace: {
    name: '泊位',
    title: 'number',
    page: { path: '/parkingAdmin/parkingSpace', param: 'number' },
    fields: {
      number: '泊位编号',
      type: { label: '泊位类型', values: parkingSpaceTypeNames },
      charging: { label: '充电桩', values: { true: '有', false: '无' } },
      sensorSn: '地磁编号',
      state: { label: '泊位状态', values: parkingSpaceStateNames },
    },
  },
  tariff: {
    name: '计费规则',
    title: 'name',
    page: { path: '/parkingAdmin/tariff' },
    fields: {
      name: '规则名称',
      currentVersion: '当前版本',
      vehicleClasses: '车型',
      lotCount: '停车场数',
      effectiveFrom: '生效时间',
      rules: '计费规则',
    },
  },
  longRental: {
    name: '长租车位',
    title: 'plateNumber',
    page: { path: '/parkingAdmin/longRental', param: 'plateNumber' },
    fields: {
      ownerName: '车主姓名',
      monthlyPrice: { label: '月租金额', fen: true },
      spaceCount: '车位数',
      state: { label: '有效状态', values: longRentalStateNames },
    },
  },
  device: {
    name: '设备',
    title: 'sn',
    fields: {
      sn: '设备编号',
      name: '设备名称',
      type: { label: '设备类型', values: deviceTypeNames },
      parkingType: { label: '路内/路外', values: deviceParkingTypeNames },
      heartbeatCycle: '心跳周期(秒)',
      networkType: '网络类型',
      lastHeartbeatAt: '最后心跳',
      onlineState: { label: '在线状态', values: deviceOnlineStateNames },
      streamUrl: '视频流地址',
    },
  },
  screenMessage: {
    name: '显示屏消息',
    title: 'text',
    page: { path: '/SysOperations/screen' },
    fields: {
      text: '显示内容',
      line: '行号',
      colour: { label: '颜色', values: screenColourNames },
      state: { label: '状态', values: screenMessageStateNames },
      deliveredAt: '送达时间',
    },
  },
  orderWarning: {
    name: '订单预警',
    title: 'plateNumber',
    page: { path: '/OrderManagement/OrderWarning', param: 'plateNumber' },
    fields: {
      kind: { label: '预警类型', values: orderWarningKindNames },
      category: { label: '预警分类', values: orderWarningCategoryNames },
      state: { label: '处理状态', values: orderWarningStateNames },
      detail: '预警说明',
      remark: '处理说明',
    },
  },
  // entries of the old plate blacklist (now 黑白名单) keep their name in the log
  plateBlacklist: { name: '车辆黑名单', title: 'plateNumber', fields: { createdByName: '添加人', createdAt: '添加时间' } },
  recordEditAudit: {
    name: '订单修改审核',
    title: 'plateNumber',
    page: { path: '/OrderManagement/parkingOrderEditAudit', param: 'plateNumber' },
    fields: {
      kind: { label: '修改类型', values: recordEditKindNames },
      requested: '申请修改为',
      reason: '修改原因',
      status: { label: '审核状态', values: recordEditStatusNames },
      decisionRemark: '审核意见',
      before: '修改前',
      after: '修改后',
      createdAt: '申请时间',
    },
  },
  parkingRecord: {
    name: '停车记录',
    title: 'plateNumber',
    fields: { ...recordMoney, reason: '放行原因' },
  },
  payment: {
    name: '支付记录',
    title: 'plateNumber',
    page: { path: '/OrderManagement/paymentRecord', param: 'plateNumber' },
    fields: {
      ...recordMoney,
      payment: '支付记录',
      channel: { label: '支付渠道', values: paymentChannelNames },
      amount: { label: '支付金额', fen: true },
      refunded: { label: '已退款', fen: true },
      idempotencyKey: '幂等键',
      status: '支付状态',
      paidAt: '支付时间',
      operatorName: '收款人',
      payer: '付款人',
    },
  },
  refund: {
    name: '退款',
    title: 'plateNumber',
    page: { path: '/FinancialManagement/refund', param: 'plateNumber' },
    fields: {
      amount: { label: '退款金额', fen: true },
      reason: '退款原因',
      status: { label: '审核状态', values: refundStatusNames },
      remark: '审核意见',
    },
  },
  invoice: {
    name: '开票记录',
    title: 'buyerTitle',
    page: { path: '/FinancialManagement/invoiceRecord', param: 'keyword' },
    fields: {
      orderNo: '开票流水号',
      buyerType: { label: '抬头类型', values: buyerTypeNames },
      buyerTitle: '发票抬头',
      taxNumber: '纳税人识别号',
      email: '接收邮箱',
      amount: { label: '开票金额', fen: true },
      state: { label: '开票状态', values: invoiceStateNames },
      invoiceNo: '发票号码',
      cause: '原因',
      phone: { label: '车主手机号', phone: true },
    },
  },
  arrearsReminder: {
    name: '催缴记录',
    title: 'plateNumber',
    page: { path: '/jointRecovery/recoveryRecord', param: 'plateNumber' },
    fields: {
      channel: { label: '催缴方式', values: reminderChannelNames },
      content: '内容',
      owed: { label: '欠费金额', fen: true },
      records: '欠费笔数',
    },
  },
  group: {
    name: '集团',
    title: 'name',
    page: { path: '/ParkingOperations/group', param: 'name' },
    fields: { name: '集团名称', contact: '联系人', cardCount: '集团卡数' },
  },
  groupCard: {
    name: '集团卡',
    title: 'cardNo',
    page: { path: '/ParkingOperations/groupCard', param: 'cardNo' },
    fields: {
      cardNo: '卡号',
      benefit: { label: '优惠方式', values: groupCardBenefitNames },
      discountPercent: '折扣（%）',
      amountOff: { label: '每次减免', fen: true },
      plates: '车牌',
      lotIds: { label: '适用停车场', ref: 'parkingLot' },
      lotNames: '适用停车场名称',
      validFrom: '有效期起',
      validTo: '有效期止',
      monthlyQuota: '每月次数',
      remainingQuota: '本月剩余次数',
      allowBind: { label: '允许车主绑定', values: { true: '是', false: '否' } },
      maxPlates: '车牌上限',
      state: { label: '有效状态', values: groupCardStateNames },
    },
  },
  merchant: {
    name: '商户',
    title: 'name',
    page: { path: '/ParkingOperations/merchant', param: 'name' },
    fields: {
      name: '商户名称',
      kind: { label: '商户类型', values: merchantKindNames },
      contactName: '联系人',
      contactPhone: { label: '联系电话', phone: true },
      settlement: { label: '结算方式', values: merchantSettlementNames },
      balance: { label: '余额', fen: true },
      overdraftLimit: { label: '透支额度', fen: true },
      dailyCouponLimit: '每日发券上限',
      monthlyCouponLimit: '每月发券上限',
      monthlyAmountLimit: { label: '每月发券金额上限', fen: true },
      issuedToday: '今日发券数',
      issuedThisMonth: '本月发券数',
      amountThisMonth: { label: '本月发券金额', fen: true },
      account: '登录账号',
    },
  },
  couponTemplate: {
    name: '券种',
    title: 'name',
    page: { path: '/ParkingOperations/coupon', param: 'name' },
    fields: {
      name: '券名称',
      kind: { label: '券类型', values: couponKindNames },
      minutes: '减免时长（分钟）',
      amountOff: { label: '减免金额', fen: true },
      discountPercent: '折扣（%）',
      maxOff: { label: '最高减免', fen: true },
      periodStart: '时段开始',
      periodEnd: '时段结束',
      price: { label: '结算价', fen: true },
      validHours: '有效时长（小时）',
      beforeEntry: { label: '入场前可发', values: { true: '是', false: '否' } },
      stackable: { label: '可叠加', values: { true: '是', false: '否' } },
      stackLimit: '叠加张数',
      withBenefits: { label: '可与白名单或集团卡同享', values: { true: '是', false: '否' } },
      minDue: { label: '最低消费', fen: true },
    },
  },
  coupon: {
    name: '优惠券',
    title: 'couponNo',
    page: { path: '/ParkingOperations/coupon', param: 'plateNumber' },
    fields: {
      couponNo: '券号',
      templateId: '券种编号',
      templateName: '券名称',
      kind: { label: '券类型', values: couponKindNames },
      minutes: '减免时长（分钟）',
      amountOff: { label: '减免金额', fen: true },
      discountPercent: '折扣（%）',
      maxOff: { label: '最高减免', fen: true },
      periodStart: '时段开始',
      periodEnd: '时段结束',
      stackable: { label: '可叠加', values: { true: '是', false: '否' } },
      stackLimit: '叠加张数',
      withBenefits: { label: '可与白名单或集团卡同享', values: { true: '是', false: '否' } },
      minDue: { label: '最低消费', fen: true },
      merchantId: '商户编号',
      merchantName: '商户名称',
      price: { label: '结算价', fen: true },
      state: { label: '状态', values: couponStateNames },
      issuedAt: '发券时间',
      expiresAt: '到期时间',
      usedAt: '使用时间',
      discount: { label: '抵扣金额', fen: true },
      issuedBy: '发券人',
      revokedAt: '作废时间',
      revokeReason: '作废原因',
    },
  },
  specialBill: {
    name: '特殊账单',
    title: 'plateNumber',
    page: { path: '/OrderManagement/specialBill', param: 'plateNumber' },
    fields: {
      item: '收费项目',
      status: { label: '状态', values: specialBillStatusNames },
      paidAmount: { label: '实付', fen: true },
      paidAt: '支付时间',
      cancelledAt: '作废时间',
    },
  },
  customer: {
    name: '车主',
    // no title: an owner is known by the phone, and the log names objects unmasked; the summary carries the masked number
    page: { path: '/customer/customerList' },
    fields: {
      phone: { label: '手机号', phone: true },
      nickname: '昵称',
      source: { label: '注册来源', values: customerSourceNames },
      registeredAt: '注册时间',
      vehicleCount: '绑定车辆数',
    },
  },
  customerVehicle: {
    name: '车辆',
    title: 'plateNumber',
    page: { path: '/customer/carList', param: 'plateNumber' },
    fields: {
      customerId: '车主编号',
      customerPhone: { label: '车主手机号', phone: true },
      state: { label: '绑定状态', values: vehicleBindingStateNames },
      boundAt: '绑定时间',
      unboundAt: '解绑时间',
    },
  },
  plateList: {
    name: '黑白名单',
    title: 'plateNumber',
    page: { path: '/customer/blackWhiteList', param: 'plateNumber' },
    fields: {
      type: { label: '名单类型', values: plateListTypeNames },
      lotIds: { label: '适用停车场', ref: 'parkingLot' },
      lotNames: '适用停车场名称',
      validFrom: '生效时间',
      validTo: '失效时间',
      state: { label: '状态', values: plateListStateNames },
      removedAt: '移除时间',
      removedBy: userRef('移除人'),
      removedByName: '移除人姓名',
      removalReason: '移除原因',
    },
  },
  vehicleAuth: {
    name: '车辆认证申请',
    title: 'plateNumber',
    page: { path: '/customer/CarAuthenticationAudit', param: 'plateNumber' },
    fields: {
      kind: { label: '申请类型', values: vehicleAuthKindNames },
      status: { label: '审核状态', values: vehicleAuthStatusNames },
      customerPhone: { label: '车主手机号', phone: true },
      holderPhone: { label: '原车主手机号', phone: true },
      vehicleState: { label: '车辆状态', values: vehicleBindingStateNames },
      rejectReason: '驳回原因',
      decidedAt: '审核时间',
      createdAt: '申请时间',
    },
  },
  phoneChange: {
    name: '手机号变更申请',
    // no title: the numbers are masked wherever the log shows them
    page: { path: '/customer/carPhoneAudit' },
    fields: {
      status: { label: '审核状态', values: phoneChangeStatusNames },
      oldPhone: { label: '原手机号', phone: true },
      newPhone: { label: '新手机号', phone: true },
      customerPhone: { label: '车主手机号', phone: true },
      orderNo: '订单号',
      rejectReason: '驳回原因',
      decidedAt: '审核时间',
      createdAt: '申请时间',
    },
  },
  complaint: {
    name: '客户投诉',
    // no title: the contact phone is masked wherever the log shows it
    page: { path: '/ParkingOperations/customerComplain' },
    fields: {
      category: { label: '投诉类型', values: complaintCategoryNames },
      channel: { label: '投诉渠道', values: complaintChannelNames },
      status: { label: '处理状态', values: complaintStatusNames },
      content: '投诉内容',
      contactName: '联系人',
      contactPhone: { label: '联系电话', phone: true },
      customerId: '车主编号',
      receivedAt: '受理时间',
      deadlineAt: '处理时限',
      overdue: { label: '是否逾期', values: { true: '已逾期', false: '未逾期' } },
      replyCount: '回复数',
      completedAt: '办结时间',
      completedByName: '办结人',
      result: '处理结果',
      createdByName: '录入人',
      deadlineHours: '处理时限（小时）',
    },
  },
  appeal: {
    name: '申诉',
    title: 'plateNumber',
    page: { path: '/ParkingOperations/appeal', param: 'plateNumber' },
    fields: {
      reason: { label: '申诉原因', values: appealReasonNames },
      content: '申诉说明',
      status: { label: '审核状态', values: appealStatusNames },
      outcome: { label: '审核结果', values: appealOutcomeNames },
      decision: '审核内容',
      result: '处理结果',
      rejectReason: '驳回原因',
      remark: '审核意见',
      customerId: '车主编号',
      phone: { label: '车主手机号', phone: true },
      before: '审核前',
      after: '审核后',
      claimedBy: { label: '领取人', ref: 'user' },
      claimedByName: '领取人姓名',
      claimedUntil: '领取至',
      filedAt: '申诉时间',
    },
  },
  reconciliationMistake: {
    name: '对账差错',
    title: 'orderNo',
    page: { path: '/FinancialManagement/accountCheckMistake', param: 'orderNo' },
    fields: {
      batchId: '对账批次编号',
      batchNo: '对账批次号',
      day: '对账日期',
      channel: '渠道',
      recordId: '停车记录编号',
      plateNumber: '车牌号',
      balance: '长短款',
      tradedAt: '交易时间',
      resolutions: '可选处理方式',
      resolvedByName: '处理人',
      resolvedAt: '处理时间',
      kind: { label: '差错类型', values: reconciliationMistakeKindNames },
      orderNo: '商户订单号',
      refundNo: '商户退款单号',
      tradeNo: '渠道订单号',
      ourAmount: { label: '我方金额', fen: true },
      channelAmount: { label: '渠道金额', fen: true },
      status: { label: '处理状态', values: reconciliationMistakeStatusNames },
      resolution: { label: '处理方式', values: reconciliationResolutionNames },
      remark: '处理说明',
    },
  },
} as const satisfies Readonly<Record<string, AuditKind>>;
export type AuditTarget = keyof typeof auditKinds;
export const auditTargets = Object.keys(auditKinds) as AuditTarget[];

const isAuditTarget = (target: string): target is AuditTarget => Object.hasOwn(auditKinds, target);

/** The kind of a logged target; undefined for a target the catalogue does not know (an old entry). */
export const auditKindOf = (target: string): AuditKind | undefined => (isAuditTarget(target) ? auditKinds[target] : undefined);

/** A field name as words, for a field no catalogue labels: lotIds → "lot ids". */
export const readableFieldName = (field: string): string =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim() || field;

/** How a field of a logged object of this target reads: the kind's own label, else the common one, else the field name as words. */
export function auditField(target: string, field: string): AuditField {
  const spec = auditKindOf(target)?.fields[field] ?? commonAuditFields[field];
  if (spec === undefined) return { label: readableFieldName(field) };
  return typeof spec === 'string' ? { label: spec } : spec;
}

/** The name of a logged target kind, or the code itself for a kind no catalogue knows. */
export const auditTargetName = (target: string): string => auditKindOf(target)?.name ?? target;

/** The name of a module that writes the log, or the code itself. */
export const auditModuleName = (module: string): string => (Object.hasOwn(auditModuleNames, module) ? auditModuleNames[module as AuditModule] : module);
