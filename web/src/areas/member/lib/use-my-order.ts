import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getMyOrder } from '@/api/orders';
import { unwrap } from '@/app/http/unwrap';
import { ordersKeys } from '@/api/keys';

export const ORDER_NO = /^\d{17,40}$/;

/** The member's order named by ?orderNo= (detail pages). */
export function useMyOrder() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const query = useQuery({
    queryKey: ordersKeys.detail(orderNo),
    queryFn: () => unwrap(getMyOrder(orderNo)),
    enabled: valid,
    retry: false,
  });
  return { orderNo, valid, ...query };
}
