import { findPlates, type DeviceOfflineTask, type SystemMessage } from '@parking/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Spin, Tag } from 'antd';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { deleteMessage, fetchMessages, fetchOfflineTasks, messageCenterKeys } from './message-center-api';
import { deletedAfterOpening, deviceTaskTarget, messageTarget } from './message-target';
import type { MessageTab } from './message-tabs';

interface Row {
  key: string;
  name: string;
  text: string;
  extra?: string;
  time: string;
  open: () => void;
}

function RowList({ rows, loading }: { rows: Row[]; loading: boolean }): ReactNode {
  if (loading) return <Spin className="message-list__loading" />;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <ul className="message-list">
      {rows.map((row) => (
        <li key={row.key} className="message-list__row">
          <button type="button" className="message-list__item" onClick={row.open}>
            <Tag color="blue">{row.name}</Tag>
            <span className="message-list__text">{row.text}</span>
            {row.extra && <span className="message-list__extra">{row.extra}</span>}
            <time className="message-list__time">{row.time}</time>
          </button>
          {/* staff copy a plate from an alert to look it up; beside the row, since a button holds no button */}
          <span className="message-list__plates">
            {findPlates(row.text).map((plate) => (
              <PlateText key={plate} plate={plate} />
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One tab of the message dialog: system messages of its types, or offline device tasks. */
export function MessageTabPane({ tab, onOpened }: { tab: MessageTab; onOpened: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: messageCenterKeys.list(tab.kind === 'messages' ? tab.types : null),
    queryFn: () => fetchMessages(tab.kind === 'messages' ? tab.types : null),
    enabled: tab.kind === 'messages',
  });
  const tasks = useQuery({
    queryKey: messageCenterKeys.deviceOffline(tab.kind === 'devices' ? tab.parkingType : 0),
    queryFn: () => fetchOfflineTasks(tab.kind === 'devices' ? tab.parkingType : 0),
    enabled: tab.kind === 'devices',
  });

  const openMessage = (message: SystemMessage) => {
    const target = messageTarget(message, pathname);
    onOpened();
    if (target) navigate(target);
    if (deletedAfterOpening(message)) {
      void deleteMessage(message.id)
        .then(() => queryClient.invalidateQueries({ queryKey: ['messages'] }))
        .catch(() => undefined);
    }
  };

  const openTask = (task: DeviceOfflineTask, parkingType: 0 | 1) => {
    onOpened();
    navigate(deviceTaskTarget(task, parkingType));
  };

  if (tab.kind === 'devices') {
    const rows = (tasks.data ?? []).map((task) => ({
      key: task.id,
      name: task.taskTypeName,
      text: task.content,
      extra: task.deviceSn,
      time: formatDateTime(task.creatorTime),
      open: () => openTask(task, tab.parkingType),
    }));
    return <RowList rows={rows} loading={tasks.isPending} />;
  }
  const rows = (messages.data ?? []).map((message) => ({
    key: message.id,
    name: message.messageName,
    text: message.messageText,
    time: formatDateTime(message.creatorTime),
    open: () => openMessage(message),
  }));
  return <RowList rows={rows} loading={messages.isPending} />;
}
