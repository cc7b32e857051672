import { useCallback, useEffect } from 'react';
import { useLayoutStore } from '../stores/layout-store';

/** Fullscreen toggle; the state follows the browser, so leaving with Esc resets it. */
export function useFullscreen(): { isFullscreen: boolean; toggle: () => void } {
  const isFullscreen = useLayoutStore((s) => s.isFullscreen);
  const setFullscreen = useLayoutStore((s) => s.setFullscreen);
  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [setFullscreen]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => setFullscreen(false));
    } else if (document.documentElement.requestFullscreen) {
      void document.documentElement
        .requestFullscreen()
        .then(() => setFullscreen(true))
        .catch(() => setFullscreen(false));
    }
  }, [setFullscreen]);
  return { isFullscreen, toggle };
}
