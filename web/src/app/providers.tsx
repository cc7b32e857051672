import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGE_SECONDS } from '@kapu/contract';
import { setFeedback } from './feedback';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // No retries: every failure already told the user (toast or session dialog), and a
      // retry would only repeat the toast. antd keeps its default sizes (modal 520, confirm 416).
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});

/** Hands the App-context message/notification/modal to code outside React (see feedback.ts). */
function FeedbackBridge() {
  const { message, notification, modal } = AntdApp.useApp();
  useEffect(() => {
    setFeedback({
      message: {
        error: (content, duration) => message.error(content, duration),
        success: (content, duration) => message.success(content, duration),
        warning: (content, duration) => message.warning(content, duration),
      },
      notification,
      modal: { error: (config) => modal.error(config), confirm: (config) => modal.confirm(config) },
    });
    return () => setFeedback(null);
  }, [message, notification, modal]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}
      button={{ autoInsertSpace: false }}
    >
      <AntdApp message={{ duration: MESSAGE_SECONDS, maxCount: 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
