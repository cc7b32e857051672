import { useQuery } from '@tanstack/react-query';
import { getBrands, getDirs } from '@/api/catalog';
import { unwrap } from '@/app/http/unwrap';
import { readUserToken } from '@/app/storage/local';
import { useStoredSession } from './use-stored-session';
import { catalogKeys } from '@/api/keys';

/** The storefront directory tree (rarely changes: cached for a minute). */
export function useDirs() {
  return useQuery({ queryKey: catalogKeys.dirs, queryFn: () => unwrap(getDirs()), staleTime: 60_000 });
}

export function useBrands() {
  return useQuery({ queryKey: catalogKeys.brands, queryFn: () => unwrap(getBrands()), staleTime: 60_000 });
}

/** The member token (or null for visitors): price queries key on it, since prices follow the level. */
export function useBuyerKey(): string {
  return useStoredSession(readUserToken) ?? 'visitor';
}

export function useIsMember(): boolean {
  return useStoredSession(readUserToken) !== null;
}
