import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGE_SECONDS } from '@kapu/contract';
import { setFeedback } from './feedback';
import { BusinessError } from './http/envelope';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // antd keeps the spec §9 sizes (modal 520, confirm 416). A business error or a session dialog will not fix itself by retrying.
      retry: (count, error) => !(error instanceof BusinessError) && count < 1,
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
