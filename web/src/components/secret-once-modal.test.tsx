import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFeedback } from '@/test/fakes';
import { SecretOnceModal, type OnceSecret } from './secret-once-modal';

function Harness({ initial }: { initial: OnceSecret }) {
  const [secret, setSecret] = useState<OnceSecret | null>(initial);
  return <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />;
}

describe('SecretOnceModal', () => {
  it('shows the secret with a warning, copies it, and it is gone after closing', async () => {
    const feedback = fakeFeedback();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Harness initial={{ appId: 'kp01', appSecret: 'S3cr3t-value' }} />);
    expect(screen.getByText('S3cr3t-value')).toBeTruthy();
    expect(screen.getByText(/密钥只显示这一次/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /复制密钥/ }));
    });
    expect(writeText).toHaveBeenCalledWith('S3cr3t-value');
    expect(feedback.message.success).toHaveBeenCalledWith('密钥已复制');
    fireEvent.click(screen.getByRole('button', { name: /我已妥善保存/ }));
    await waitFor(() => expect(screen.queryByText('S3cr3t-value')).toBeNull());
  });

  it('tells the user to copy by hand when the clipboard is refused', async () => {
    const feedback = fakeFeedback();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    render(<Harness initial={{ appId: 'kp01', appSecret: 'abc' }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /复制密钥/ }));
    });
    expect(feedback.message.warning).toHaveBeenCalled();
  });
});

describe('SecretOnceModal in other words', () => {
  it('takes a title, labels and test ids (a webhook signing secret)', () => {
    fakeFeedback();
    render(
      <SecretOnceModal
        secret={{ appId: 'https://example.com/hook', appSecret: 'whsec_abc' }}
        onClose={() => undefined}
        title="请保存签名密钥"
        label="签名密钥"
        ownerLabel="回调地址"
        warning="签名密钥只显示这一次"
        testIds={{ owner: 'webhook-url', secret: 'webhook-secret' }}
      />,
    );
    expect(screen.getByText('请保存签名密钥')).toBeTruthy();
    expect(screen.getByText('签名密钥')).toBeTruthy();
    expect(screen.getByText('回调地址')).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toBe('whsec_abc');
    expect(screen.getByTestId('webhook-url').textContent).toContain('https://example.com/hook');
    expect(screen.queryByTestId('open-api-secret')).toBeNull();
  });
});
