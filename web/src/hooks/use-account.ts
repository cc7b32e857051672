import { useQuery } from '@tanstack/react-query';
import { getAccount } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { accountKeys } from '@/api/keys';

/** One cache entry for getAccount, shared by the member shell and the member pages. */
export const accountQuery = {
  queryKey: accountKeys.account,
  queryFn: () => unwrap(getAccount(), { toast: false }),
};

/** The signed-in member's account (getAccount). */
export function useAccount() {
  return useQuery(accountQuery);
}
