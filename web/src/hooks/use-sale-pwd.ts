import type { SaleOp } from '@kapu/contract';
import { useQuery } from '@tanstack/react-query';
import { getAccountSecurity } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { accountKeys } from '@/api/keys';

/**
 * Whether this member's sale password guards `op` (on, and the operation is in its list).
 * Pages open to visitors pass `enabled: false` when nobody is logged in: asking the server
 * would answer -2 and pop the session-ended dialog at a visitor who never logged in.
 */
export function useSalePwdRequired(
  op: SaleOp,
  enabled = true,
): { required: boolean; notSet: boolean; loading: boolean } {
  const q = useQuery({
    queryKey: accountKeys.security,
    queryFn: () => unwrap(getAccountSecurity(), { toast: false }),
    enabled,
  });
  const s = q.data;
  const required = Boolean(s?.salePwdEnabled && s.salePwdOps.includes(op));
  return { required, notSet: required && !s?.salePwdSet, loading: q.isLoading };
}
