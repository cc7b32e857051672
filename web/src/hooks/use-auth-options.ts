import type { AuthOptions } from '@kapu/contract';
import { useQuery } from '@tanstack/react-query';
import { getAuthOptions } from '@/api/user';
import { unwrap } from '@/app/http/unwrap';
import { accountKeys } from '@/api/keys';

const FALLBACK: AuthOptions = { registerCaptcha: true, oauth: { qq: false, wx: false, mp: false } };

/** The register captcha switch and the sign-in apps the admin turned on (public). */
export function useAuthOptions() {
  const query = useQuery({
    queryKey: accountKeys.authOptions,
    queryFn: () => unwrap(getAuthOptions(), { toast: false }),
    staleTime: 60_000,
  });
  return { ...query, options: query.data ?? FALLBACK };
}
