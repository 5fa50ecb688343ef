import { BellOutlined, WarningFilled } from '@ant-design/icons';
import { badgeCount, badgeText } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Tooltip } from 'antd';
import { useState } from 'react';
import { fetchAlertCounts, messageCenterKeys } from './message-center-api';
import { MessageDialog } from './message-dialog';
import { deviceAbnormal } from './message-tabs';
import { useMessageViewer } from './use-message-viewer';
import './message-center.css';

/** Counts are polled every 10 s. */
export const alertPollMs = 10_000;
export const noMessagesText = '没有未处理的消息！';

/** The navbar's bell: the badge of unread counts, and the message dialog behind it. */
export function MessageBell() {
  const viewer = useMessageViewer();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // react-query never starts a poll while the previous one is under way
  const { data: counts } = useQuery({
    queryKey: messageCenterKeys.alertCount,
    queryFn: fetchAlertCounts,
    refetchInterval: alertPollMs,
  });
  const count = badgeCount(counts ?? null, viewer);
  const abnormal = deviceAbnormal(counts);

  const openDialog = () => {
    if (!count) {
      void message.error(noMessagesText);
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="app-navbar__action message-bell" aria-label="系统消息" onClick={openDialog}>
        <Badge count={badgeText(count)} size="small" offset={[4, -2]} className="message-bell__badge">
          <BellOutlined className="message-bell__icon" />
        </Badge>
        {abnormal && (
          <Tooltip title="设备异常">
            <WarningFilled className="message-bell__device" aria-label="设备异常" />
          </Tooltip>
        )}
      </button>
      <MessageDialog open={open} viewer={viewer} onClose={() => setOpen(false)} />
    </>
  );
}
