import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { FeedbackBridge } from '../shared/feedback/feedback-bridge';

dayjs.locale('zh-cn');

/** Spec §9 default theme colour. */
export const defaultThemeColour = '#1890ff';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      // Button labels stay exactly as the spec spells them ("登录", not "登 录").
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: defaultThemeColour, borderRadius: 4 } }}
    >
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
