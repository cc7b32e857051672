import { useQuery } from '@tanstack/react-query';
import { getAccountSecurity } from '@/api/account';
import { feedback } from '@/app/feedback';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { queryClient } from '@/app/providers';
import { accountKeys } from '@/api/keys';

/** getAccountSecurity: bindings, sale password, open API, shop price… (one cache entry). */
export function useSecurity() {
  return useQuery({ queryKey: accountKeys.security, queryFn: () => unwrap(getAccountSecurity(), { toast: false }) });
}

/** What a change in the account center refreshes (useAction's invalidates). */
export const ACCOUNT_CHANGES = [accountKeys.security, accountKeys.account] as const;

/** Reloads what the account center shows after a change. */
export function refreshAccount(): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.security });
  void queryClient.invalidateQueries({ queryKey: accountKeys.account });
}

/**
 * Runs one account call: the server's message as an error toast when it refuses, a success
 * toast when it worked. Answers { ok, data } so callers can branch without try/catch.
 */
export async function attempt<T>(
  request: Promise<Envelope<T>>,
  success?: string,
): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    const data = await unwrap(request);
    if (success) feedback().message.success(success);
    return { ok: true, data };
  } catch {
    return { ok: false };
  }
}
