import { useState } from 'react';
import { Button } from 'antd';
import { useCountdown } from '@/hooks/use-countdown';

export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  /** Sends the code; answers the seconds until a resend is allowed, or false when it failed. */
  onSend: () => Promise<number | false>;
  disabled?: boolean;
  label?: string;
}

/** 「获取验证码」with a 60 s countdown after a successful send (the server's resend limit). */
export function SendCodeButton({ onSend, disabled, label = '获取验证码' }: SendCodeButtonProps) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== false) countdown.start(wait > 0 ? wait : RESEND_SECONDS);
    } catch {
      // The HTTP client already told the user.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      onClick={() => void send()}
      loading={sending}
      disabled={disabled || countdown.running}
      style={{ minWidth: 120 }}
    >
      {countdown.running ? `${countdown.seconds} 秒后重发` : label}
    </Button>
  );
}
