import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from './send-code-button';

describe('SendCodeButton', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('after a successful send shows a 60 s countdown and is disabled until it ends', async () => {
    const onSend = vi.fn(async () => 60);
    render(<SendCodeButton onSend={onSend} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /获取验证码/ }));
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    const button = screen.getByRole('button', { name: /60 秒后重发/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 60; i += 1) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: /获\s*取验证码/ })).toBeTruthy();
  });

  it('stays clickable when sending failed', async () => {
    const onSend = vi.fn(async () => false as const);
    render(<SendCodeButton onSend={onSend} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /获\s*取验证码/ }));
    });
    expect((screen.getByRole('button', { name: /获\s*取验证码/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
