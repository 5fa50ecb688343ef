import { auditKinds, auditModuleNames, operationActionNames, operationLogEndpoints, type OperationLog, type OperationLogQuery } from '@parking/contract';
import { LoggedObjectName } from './components/logged-object-name';
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

const textEnum = (names: Readonly<Record<string, string | { name: string }>>): ValueEnum =>
  Object.fromEntries(Object.entries(names).map(([code, name]) => [code, { text: typeof name === 'string' ? name : name.name }]));

/** The modules that write to the log, by their menu folders' names: the catalogue's list, which the server's writers are typed with. */
export const operationModuleEnum: ValueEnum = textEnum(auditModuleNames);

/** Every kind of object the log names, in the words of the pages that change it. */
export const operationTargetEnum: ValueEnum = textEnum(auditKinds);

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
      priority: 'key',
      valueType: 'date',
      width: 160,
      sortable: true,
      search: { range: ['startTime', 'endTime'] },
    },
    { dataIndex: 'account', title: '账号', priority: 'key', width: 120 },
    operationModuleColumn,
    operationActionColumn,
    {
      dataIndex: 'target',
      title: '对象',
      priority: 'secondary',
      valueType: 'select',
      valueEnum: operationTargetEnum,
      width: 200,
      render: (_value, log) => <LoggedObjectName log={log} />,
    },
    {
      dataIndex: 'summary',
      title: '说明',
      width: 240,
      ellipsis: true,
      search: { param: 'keyword', placeholder: '请输入说明中的关键字' },
    },
    { dataIndex: 'ip', title: 'IP', priority: 'secondary', width: 140, hideInSearch: true },
  ],
});
