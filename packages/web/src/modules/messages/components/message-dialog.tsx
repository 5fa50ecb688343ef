import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useThrottledCallback } from '../../../shared/hooks/use-throttled-callback';
import { fetchCounts, messageCenterKeys, refreshCounts } from './message-center-api';
import { MessageTabPane } from './message-tab-pane';
import { defaultTab, tabCount, visibleTabs, type MessageTabKey, type MessageViewer } from './message-tabs';

/** The refresh link is throttled for 700 ms. */
export const refreshThrottleMs = 700;
export const refreshedText = '刷新成功';

/** 系统消息: counts per tab, each tab's unread items, and a way to each item's page. */
export function MessageDialog({ open, viewer, onClose }: { open: boolean; viewer: MessageViewer; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const tabs = visibleTabs(viewer);
  const [chosen, setChosen] = useState<MessageTabKey | null>(null);
  const active = chosen !== null && tabs.some((tab) => tab.key === chosen) ? chosen : defaultTab(viewer);
  const { data: counts } = useQuery({ queryKey: messageCenterKeys.counts, queryFn: fetchCounts, enabled: open });

  const refresh = useThrottledCallback(() => {
    void (async () => {
      const fresh = await refreshCounts();
      queryClient.setQueryData(messageCenterKeys.counts, fresh);
      queryClient.setQueryData(messageCenterKeys.alertCount, fresh);
      await queryClient.invalidateQueries({ queryKey: ['messages'], refetchType: 'active' });
      void message.success(refreshedText);
    })().catch(() => undefined);
  }, refreshThrottleMs);

  return (
    // wide enough for all six tabs with their counts on one line at 1440 px: none hides behind a 更多 menu
    <Modal title="系统消息" open={open} onCancel={onClose} footer={null} width={920} destroyOnHidden className="message-dialog" afterClose={() => setChosen(null)}>
      <Tabs
        tabBarExtraContent={{
          right: (
            <button type="button" className="message-dialog__refresh" onClick={() => refresh()}>
              <ReloadOutlined /> 刷新
            </button>
          ),
        }}
        activeKey={String(active)}
        onChange={(key) => setChosen(Number(key) as MessageTabKey)}
        items={tabs.map((tab) => ({
          key: String(tab.key),
          label: `${tab.title}(${tabCount(tab.key, counts)})`,
          children: <MessageTabPane tab={tab} onOpened={onClose} />,
        }))}
      />
    </Modal>
  );
}
