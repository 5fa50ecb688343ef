import type { Screen } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { ScreenSendDialog } from '../components/screen-send-dialog';
import { screenResource } from '../screen.resource';
import '../devices.css';

/** 设备运维 > 显示屏 (menu address SysOperations/screen): screens, their latest texts (已送达/待送达), and 发送. */
export function ScreenPage() {
  const [sending, setSending] = useState<Screen | null>(null);
  return (
    <>
      <ResourceListPage
        descriptor={screenResource}
        actionsWidth={90}
        rowActions={(screen) => (
          <Button type="link" size="small" disabled={!screen.enabled} onClick={() => setSending(screen)}>
            发送
          </Button>
        )}
      />
      {sending && <ScreenSendDialog key={sending.id} screen={sending} onClose={() => setSending(null)} />}
    </>
  );
}
