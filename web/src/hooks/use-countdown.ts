import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown (resend buttons): start(n), then `seconds` ticks down to 0 and `running` ends. */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  const start = useCallback((n: number) => setSeconds(Math.max(0, Math.ceil(n))), []);
  return { seconds, running: seconds > 0, start };
}
