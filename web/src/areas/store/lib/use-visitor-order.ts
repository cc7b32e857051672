import type { OrderDetail } from '@kapu/contract';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { findRememberedOrder } from './visitor-orders';
import { useVisitorLookup } from './use-lookup';

/**
 * The visitor order named by ?orderNo=: handed over by /chadan (router state), or looked up
 * again with the secret this browser remembered; else the page asks for the secret.
 */
export function useVisitorOrder() {
  const [params] = useSearchParams();
  const location = useLocation();
  const orderNo = params.get('orderNo') ?? '';
  const handed = (location.state as { order?: OrderDetail } | null)?.order;
  const [order, setOrder] = useState<OrderDetail | null>(handed && handed.orderNo === orderNo ? handed : null);
  const [checking, setChecking] = useState(!order);
  const lookup = useVisitorLookup();
  const { run } = lookup;
  useEffect(() => {
    if (!orderNo || order?.orderNo === orderNo) {
      setChecking(false);
      return;
    }
    let alive = true;
    setOrder(null);
    setChecking(true);
    void findRememberedOrder(orderNo)
      .then(async (saved) => {
        if (!saved || !alive) return;
        const secret = saved.queryPassword
          ? { by: 'password' as const, secret: saved.queryPassword }
          : saved.contact
            ? { by: 'contact' as const, secret: saved.contact }
            : null;
        if (!secret) return;
        const found = await run({ orderNo, ...secret });
        if (alive && found) setOrder(found);
      })
      .catch(() => undefined)
      .finally(() => alive && setChecking(false));
    return () => {
      alive = false;
    };
    // Once per order number: `run` is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderNo]);
  return {
    orderNo,
    order: order && (!orderNo || order.orderNo === orderNo) ? order : null,
    setOrder,
    checking,
    lookup,
  };
}
