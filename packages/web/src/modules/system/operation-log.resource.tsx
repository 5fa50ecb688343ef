import { operationActionNames, operationLogEndpoints, type OperationLog, type OperationLogQuery } from '@parking/contract';
import { defineResource, type BadgeStatus, type ResourceColumn, type ValueEnum } from '../../shared/resource/resource-types';

const actionStatus: Readonly<Record<keyof typeof operationActionNames, BadgeStatus>> = {
  create: 'success',
  update: 'processing',
  delete: 'error',
  login: 'default',
  logout: 'default',
  export: 'warning',
  other: 'default',
};

export const operationActionEnum: ValueEnum = Object.fromEntries(
  Object.entries(operationActionNames).map(([action, text]) => [action, { text, status: actionStatus[action as keyof typeof actionStatus] }]),
);

/** The business modules that write to the log, by their menu folders' names. */
export const operationModuleEnum: ValueEnum = {
  auth: { text: '登录认证' },
  system: { text: '系统管理' },
  messages: { text: '系统消息' },
  parking: { text: '停车场管理' },
  devices: { text: '设备运维' },
  orders: { text: '订单管理' },
  payments: { text: '支付' },
  recovery: { text: '联合追缴' },
  customers: { text: '车主管理' },
  service: { text: '客户服务' },
  finance: { text: '财务管理' },
  marketing: { text: '停车运营' },
};

/** What a log entry's `target` is, in the words of the pages that change it. */
export const operationTargetNames: Readonly<Record<string, string>> = {
  arrearsReminder: '催缴记录',
  dictDetail: '字典项',
  menu: '菜单',
  organization: '组织',
  parkingRecord: '停车记录',
  position: '岗位',
  role: '角色',
  session: '会话',
  systemMessage: '系统消息',
  user: '用户',
};

export const operationTargetName = (target: string): string => operationTargetNames[target] ?? target;

/** The 模块 and 操作 columns, which the 详情 drawer shows the same way as the table. */
export const operationModuleColumn: ResourceColumn<OperationLog, OperationLogQuery> = {
  dataIndex: 'module',
  title: '模块',
  valueType: 'select',
  valueEnum: operationModuleEnum,
  width: 100,
};
export const operationActionColumn: ResourceColumn<OperationLog, OperationLogQuery> = {
  dataIndex: 'action',
  title: '操作',
  valueType: 'select',
  valueEnum: operationActionEnum,
  width: 80,
};

/** 系统管理 > 操作日志: read-only, newest first (the server's default order); searched and exported with the same filters. */
export const operationLogResource = defineResource<OperationLog, OperationLogQuery>({
  resource: 'operationLog',
  name: '操作日志',
  endpoints: operationLogEndpoints,
  rowKey: 'id',
  defaultPageSize: 10,
  actions: { export: true },
  columns: [
    {
      dataIndex: 'createdAt',
      title: '操作时间',
      valueType: 'date',
      width: 180,
      sortable: true,
      search: { range: ['startTime', 'endTime'] },
    },
    { dataIndex: 'account', title: '账号', width: 120 },
    operationModuleColumn,
    operationActionColumn,
    { dataIndex: 'target', title: '对象', width: 100, hideInSearch: true, render: (value) => operationTargetName(String(value)) },
    {
      dataIndex: 'summary',
      title: '说明',
      width: 240,
      ellipsis: true,
      search: { param: 'keyword', placeholder: '请输入说明中的关键字' },
    },
    { dataIndex: 'ip', title: 'IP', width: 140, hideInSearch: true },
  ],
});
