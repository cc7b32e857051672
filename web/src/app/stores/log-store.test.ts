import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../storage/cookies';
import { writeUserToken } from '../storage/local';
import { LOG_TIME_FORMAT, pushLog, useLogStore } from './log-store';
import { useUserStore } from './user-store';

afterEach(() => {
  vi.useRealTimers();
  useLogStore.getState().clear();
});

describe('log store', () => {
  it('appends entries with time YYYY-MM-DD HH:mm:ss and meta {user, uuid, token, url}', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 0, 5, 8, 3, 9));
    setCookie('uuid', 'browser-1');
    writeUserToken('T1');
    useUserStore.setState({ current: { area: 'user', name: 'alice', avatar: '', access: [], roleIds: [] } });
    pushLog('第一条');
    useLogStore.getState().push({ message: '第二条', type: 'error' });
    const entries = useLogStore.getState().entries;
    expect(LOG_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      message: '第一条',
      type: 'info',
      time: '2025-01-05 08:03:09',
      detail: undefined,
      meta: { user: 'alice', uuid: 'browser-1', token: 'T1', url: window.location.href },
    });
    expect(entries[1].type).toBe('error');
    expect(entries[1].message).toBe('第二条');
  });

  it('clears', () => {
    pushLog('x');
    useLogStore.getState().clear();
    expect(useLogStore.getState().entries).toEqual([]);
  });
});
