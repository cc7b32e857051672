import { afterEach, describe, expect, it } from 'vitest';
import { installGlobalErrorHandler } from './global-errors';
import { BusinessError } from './http/envelope';
import { useLogStore } from './stores/log-store';

afterEach(() => useLogStore.getState().clear());

describe('global error handler', () => {
  it('logs window errors and unhandled rejections as error entries', () => {
    const remove = installGlobalErrorHandler();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new Error('boom'), filename: 'a.js', lineno: 3 }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('async boom') });
    window.dispatchEvent(rejection);
    remove();
    const entries = useLogStore.getState().entries;
    expect(entries.map((e) => [e.message, e.type])).toEqual([
      ['boom', 'error'],
      ['async boom', 'error'],
    ]);
    expect(entries[0].detail).toContain('a.js:3');
  });

  it('a refused call that reached no handler is handled (already shown as a toast), not an uncaught error', () => {
    const remove = installGlobalErrorHandler();
    const rejection = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new BusinessError(1110, '交易密码错误') });
    window.dispatchEvent(rejection);
    remove();
    expect(rejection.defaultPrevented).toBe(true);
    expect(useLogStore.getState().entries.map((e) => [e.message, e.type])).toEqual([['交易密码错误', 'info']]);
  });
});
