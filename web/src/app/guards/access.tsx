import type { ReactNode } from 'react';
import { useUserStore } from '../stores/user-store';

/** True when the access list holds at least one of the required codes (an empty requirement passes). */
export function hasAccess(userAccess: readonly string[] | undefined, codes: readonly string[]): boolean {
  if (codes.length === 0) return true;
  if (!userAccess) return false;
  return codes.some((code) => userAccess.includes(code));
}

/** Whether the signed-in identity on screen may see something needing one of `codes`. */
export function useAccess(codes: readonly string[]): boolean {
  const access = useUserStore((s) => s.current?.access);
  return hasAccess(access, codes);
}

interface AccessProps {
  codes: readonly string[];
  children: ReactNode;
  /** Shown instead when access is missing; nothing by default (the element is removed). */
  fallback?: ReactNode;
}

export function Access({ codes, children, fallback = null }: AccessProps) {
  return useAccess(codes) ? children : fallback;
}
