import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

function tick(seconds: number) {
  for (let i = 0; i < seconds; i += 1) act(() => void vi.advanceTimersByTime(1000));
}

describe('useCountdown', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('counts down once per second to 0 and stops running', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(3));
    expect(result.current.seconds).toBe(3);
    expect(result.current.running).toBe(true);
    tick(1);
    expect(result.current.seconds).toBe(2);
    tick(2);
    expect(result.current.seconds).toBe(0);
    expect(result.current.running).toBe(false);
    tick(2);
    expect(result.current.seconds).toBe(0);
  });

  it('restarting starts over from the new value', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    tick(10);
    expect(result.current.seconds).toBe(50);
    act(() => result.current.start(60));
    expect(result.current.seconds).toBe(60);
    tick(1);
    expect(result.current.seconds).toBe(59);
  });
});
