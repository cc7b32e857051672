import { useQuery } from '@tanstack/react-query';
import { getAccount } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';

/** The signed-in member's account (getAccount). */
export function useAccount() {
  return useQuery({ queryKey: ['account'], queryFn: () => unwrap(getAccount(), { toast: false }) });
}
