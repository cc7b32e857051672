import { useMatches } from 'react-router';
import type { RouteMeta } from '@/app/router/routes';

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return !!handle && typeof handle === 'object' && 'title' in handle && 'layout' in handle;
}

/** The route data of the page on screen (the deepest match that carries it). */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isRouteMeta(handle)) return handle;
  }
  return null;
}
