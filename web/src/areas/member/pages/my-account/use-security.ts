import { useQuery } from '@tanstack/react-query';
import { getAccountSecurity } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { accountKeys } from '@/api/keys';

/** getAccountSecurity: bindings, sale password, open API, shop price… (one cache entry). */
export function useSecurity() {
  return useQuery({ queryKey: accountKeys.security, queryFn: () => unwrap(getAccountSecurity(), { toast: false }) });
}

/** What a change in the account center refreshes (useAction's invalidates). */
export const ACCOUNT_CHANGES = [accountKeys.security, accountKeys.account] as const;
