import { vi } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import type { ModalFuncProps } from 'antd';
import { setFeedback, type FeedbackApi } from '@/app/feedback';
import { setNavigator } from '@/app/router/navigation';
import { http } from '@/app/http/client';

/** Records toasts, notifications and dialogs instead of drawing them. */
export function fakeFeedback() {
  const api = {
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
    notification: { success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { error: vi.fn((_config: ModalFuncProps) => undefined), confirm: vi.fn() },
  } satisfies FeedbackApi;
  setFeedback(api);
  return api;
}

export function fakeNavigator() {
  const navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  setNavigator(navigate);
  return navigate;
}

/** Answers every request from `reply` (HTTP status 200 unless reply says otherwise). */
export function fakeServer(reply: (config: InternalAxiosRequestConfig) => { status?: number; data?: unknown }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status = 200, data = null } = reply(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400)
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}
