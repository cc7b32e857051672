import { useEffect, useRef } from 'react';
import type { RouteMeta } from './routes';

/** What every route change tells the app (forwarded to an app-level handler). */
export interface RouteChange {
  pathname: string;
  search: string;
  hash: string;
  params: Record<string, string | undefined>;
  meta: RouteMeta | null;
}

type Listener = (change: RouteChange) => void;
const listeners = new Set<Listener>();

/** Subscribe to route changes from anywhere; returns the unsubscribe function. */
export function onRouteChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitRouteChange(change: RouteChange): void {
  for (const listener of [...listeners]) listener(change);
}

/** Hook form of onRouteChange; the latest handler is always used. */
export function useRouteChange(handler: Listener): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onRouteChange((change) => ref.current(change)), []);
}
