import { messageEndpoints, type MessageListQuery, type SystemMessage } from '@parking/contract';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';

/** messageType numbers as the console names them. */
export const messageTypeEnum: ValueEnum = {
  '1': { text: '订单预警' },
  '8': { text: '车辆布控预警' },
  '2': { text: '车辆认证审核' },
  '3': { text: '手机号变更审核' },
  '4': { text: '订单修改审核' },
  '5': { text: '客户投诉' },
  '7': { text: '申诉审核' },
  '6': { text: '设备离线' },
  '9': { text: '开票申请' },
  '10': { text: '对账差错' },
};

export const messageStatusEnum: ValueEnum = {
  '0': { text: '未处理', status: 'error' },
  '1': { text: '已处理', status: 'success' },
};

/** 系统管理 > 系统消息: the message center's list as a page of its own; messages are raised by the domain, never typed in. */
export const systemMessageResource = defineResource<SystemMessage, MessageListQuery>({
  resource: 'systemMessage',
  name: '系统消息',
  endpoints: messageEndpoints,
  rowKey: 'id',
  recordName: (message) => message.messageName,
  defaultPageSize: 10,
  actions: { remove: true, export: true },
  columns: [
    { dataIndex: 'messageName', title: '消息名称', priority: 'key', width: 140, hideInSearch: true },
    { dataIndex: 'messageText', title: '消息内容', width: 320, ellipsis: true, hideInSearch: true },
    {
      dataIndex: 'messageType',
      title: '消息类型',
      valueType: 'select',
      valueEnum: messageTypeEnum,
      width: 150,
      search: { param: 'messageTypeList', multiple: true },
    },
    { dataIndex: 'status', title: '状态', priority: 'key', valueType: 'select', valueEnum: messageStatusEnum, width: 100 },
    { dataIndex: 'creatorTime', title: '创建时间', valueType: 'date', width: 160, hideInSearch: true },
  ],
});
