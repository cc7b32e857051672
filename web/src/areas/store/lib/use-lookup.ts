import type { OrderDetail } from '@kapu/contract';
import { useState } from 'react';
import { lookupVisitorOrder } from '@/api/orders';
import { HttpError } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { rememberOrder } from './visitor-orders';

export interface LookupValues {
  orderNo: string;
  /** 'password' or 'contact': which second factor the visitor gives. */
  by: 'password' | 'contact';
  secret: string;
}

/** Runs a /chadan lookup; remembers a found order in this browser; keeps the rate-limit note. */
export function useVisitorLookup() {
  const [loading, setLoading] = useState(false);
  const [limited, setLimited] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const run = async (v: LookupValues): Promise<OrderDetail | null> => {
    setLoading(true);
    setLimited(null);
    setFailed(null);
    const secret = v.by === 'password' ? { queryPassword: v.secret } : { contact: v.secret.trim() };
    try {
      // No toast: the form shows the reason under the fields.
      const order = await unwrap(lookupVisitorOrder({ orderNo: v.orderNo.trim(), ...secret }), { toast: false });
      await rememberOrder(order, secret).catch(() => undefined);
      return order;
    } catch (err) {
      if (err instanceof HttpError && err.status === 429)
        setLimited('查询过于频繁，请稍后再试（同一订单 10 分钟内最多查询 10 次）');
      else if (err instanceof HttpError) setFailed(err.message);
      else if (err instanceof Error) setFailed(err.message);
      return null;
    } finally {
      setLoading(false);
    }
  };
  return { run, loading, limited, failed };
}
