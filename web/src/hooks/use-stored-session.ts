import { useSyncExternalStore } from 'react';
import { STORAGE_EVENT } from '@/app/storage/local';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORAGE_EVENT, onChange);
  window.addEventListener('storage', onChange); // other tabs
  return () => {
    window.removeEventListener(STORAGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Re-renders when a stored token changes (login/logout here or in another tab). */
export function useStoredSession(read: () => string | null): string | null {
  return useSyncExternalStore(subscribe, read, read);
}
