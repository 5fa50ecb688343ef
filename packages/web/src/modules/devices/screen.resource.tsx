import { screenMessageStateNames, screenEndpoints, type Screen, type ScreenListQuery, type ScreenMessage } from '@parking/contract';
import { Space, Tag, Typography } from 'antd';
import { defineResource } from '../../shared/resource/resource-types';
import { formatDateTime } from '../../shared/resource/value-format';
import { DeviceLotSelect } from './components/device-lot-select';
import { onlineStateEnum } from './device.resource';
import { screenResourceKey } from './devices-api';

export function ScreenMessageState({ message }: { message: ScreenMessage }) {
  return message.state === 'delivered' ? <Tag color="success">{screenMessageStateNames.delivered}</Tag> : <Tag color="processing">{screenMessageStateNames.queued}</Tag>;
}

/** The latest texts of a screen, newest first, each with whether the screen has taken it. */
function RecentMessages({ screen }: { screen: Screen }) {
  if (screen.messages.length === 0) return <Typography.Text type="secondary">暂无消息</Typography.Text>;
  return (
    <Space direction="vertical" size={2} className="screen-messages">
      {screen.messages.slice(0, 3).map((message) => (
        <span key={message.id} className="screen-messages__item">
          <ScreenMessageState message={message} />
          <span className="screen-messages__text">{message.text}</span>
          <Typography.Text type="secondary" className="screen-messages__time">
            {formatDateTime(message.deliveredAt ?? message.createdAt)}
          </Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** 设备运维 > 显示屏: the LED screens and what was last sent to them. */
export const screenResource = defineResource<Screen, ScreenListQuery>({
  resource: screenResourceKey,
  name: '显示屏',
  endpoints: screenEndpoints,
  rowKey: 'id',
  actions: {},
  columns: [
    { dataIndex: 'sn', title: '设备编号', priority: 'key', width: 150, sortable: true, search: { param: 'deviceNo', placeholder: '设备编号或名称' } },
    { dataIndex: 'name', title: '名称', width: 130, hideInSearch: true, sortable: true },
    { dataIndex: 'lotName', title: '停车场', width: 140, search: { param: 'lotId' }, input: () => <DeviceLotSelect place="search" /> },
    { dataIndex: 'onlineState', title: '在线状态', priority: 'key', width: 100, valueEnum: onlineStateEnum, hideInSearch: true },
    { dataIndex: 'pendingCount', title: '待送达', width: 80, hideInSearch: true },
    { dataIndex: 'messages', title: '最近消息', width: 300, hideInSearch: true, render: (_value, screen) => <RecentMessages screen={screen} /> },
  ],
});
