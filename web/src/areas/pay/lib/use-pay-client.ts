import { useLayoutStore } from '@/app/stores/layout-store';
import { payClientOf } from './poll';

/** 'mobile' or 'pc' for /pay/getChannels and /pay/create. */
export function usePayClient(): 'pc' | 'mobile' {
  const isMobile = useLayoutStore((s) => s.isMobile);
  return isMobile ? 'mobile' : payClientOf(window.innerWidth, navigator.userAgent);
}
