import dayjs from 'dayjs';
import { create } from 'zustand';
import { ensureUuid } from '../storage/cookies';
import { readAdminToken, readOtherToken, readUserToken } from '../storage/local';
import { useUserStore } from './user-store';

export type LogType = 'info' | 'error';

export interface LogMeta {
  user: string;
  uuid: string;
  token: string;
  url: string;
}

export interface LogEntry {
  message: string;
  type: LogType;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  /** What went wrong in more words than the headline (status text, stack…). */
  detail?: string;
  meta: LogMeta;
}

export const LOG_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface LogState {
  entries: LogEntry[];
  push: (entry: { message: string; type?: LogType; detail?: string }) => void;
  clear: () => void;
}

function currentMeta(): LogMeta {
  const who = useUserStore.getState().current;
  return {
    user: who?.name ?? '',
    uuid: ensureUuid(),
    token: readAdminToken() ?? readOtherToken() ?? readUserToken() ?? '',
    url: window.location.href,
  };
}

export const useLogStore = create<LogState>()((set) => ({
  entries: [],
  push: ({ message, type = 'info', detail }) =>
    set((state) => ({
      entries: [
        ...state.entries,
        { message, type, detail, time: dayjs().format(LOG_TIME_FORMAT), meta: currentMeta() },
      ],
    })),
  clear: () => set({ entries: [] }),
}));

export function pushLog(message: string, type: LogType = 'info', detail?: string): void {
  useLogStore.getState().push({ message, type, detail });
}
