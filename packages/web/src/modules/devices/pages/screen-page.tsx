import type { Screen } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { ScreenSendDialog } from '../components/screen-send-dialog';
import { screenResource } from '../screen.resource';
import '../devices.css';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { screenResource as openingList } from '../screen.resource';

/** 设备运维 > 显示屏 (menu address SysOperations/screen): screens, their latest texts (已送达/待送达), and 发送. */
export function ScreenPage() {
  const [sending, setSending] = useState<Screen | null>(null);
  return (
    <>
      <ResourceListPage
        descriptor={screenResource}
        actionsWidth={90}
        rowActions={(screen) => (
          <RefusalHint refusal={screen.enabled ? undefined : '显示屏已停用，不能发送'}>
            <Button type="link" size="small" disabled={!screen.enabled} onClick={() => setSending(screen)}>
              发送
            </Button>
          </RefusalHint>
        )}
      />
      {sending && <ScreenSendDialog key={sending.id} screen={sending} onClose={() => setSending(null)} />}
    </>
  );
}
