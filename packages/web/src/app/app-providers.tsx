import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { FeedbackBridge } from '../shared/feedback/feedback-bridge';
import { useAppStore } from '../shell/app-store';
import { useSettingsStore } from '../shell/settings/settings-store';
import { antdSizes } from '../shell/size-options';
import { useReducedMotion } from './use-reduced-motion';

dayjs.locale('zh-cn');

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const colorPrimary = useSettingsStore((state) => state.theme);
  const { componentSize, compact } = antdSizes[useAppStore((state) => state.size)];
  const reducedMotion = useReducedMotion();

  // Plain CSS (tags, progress bar, logo) follows the theme colour through one variable.
  useEffect(() => {
    document.documentElement.style.setProperty('--app-primary', colorPrimary);
  }, [colorPrimary]);

  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={componentSize}
      // Button labels stay exactly as written ("登录", not antd's "登 录").
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary, borderRadius: 4, motion: !reducedMotion }, ...(compact ? { algorithm: theme.compactAlgorithm } : {}) }}
    >
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
