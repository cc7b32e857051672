import { create } from 'zustand';
import { devtools } from 'zustand/middleware';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '@kapu/contract';
import type { WatermarkProps } from 'antd';

export const LAYOUT_STORE_NAME = 'admin/layout';

export type DeviceClass = 'Mobile' | 'Tablet' | 'Desktop';

/** ≤575 Mobile, ≤992 Tablet, otherwise Desktop. */
export function deviceClassOf(width: number): DeviceClass {
  if (width <= MOBILE_MAX_WIDTH) return 'Mobile';
  if (width <= TABLET_MAX_WIDTH) return 'Tablet';
  return 'Desktop';
}

/** Layout defaults (menu, theme, tabs) before the user changes them. */
export const defaultLayoutSettings = {
  sideTheme: 'light' as 'light' | 'dark',
  headerTheme: 'light' as 'light' | 'dark',
  headerSticky: false,
  showTabs: true,
  tabsIcon: true,
  tabsFixed: true,
  tabsOrdered: true,
  tabsReload: false,
  fixedSidebar: true,
  fixedHeader: true,
  menuAccordion: true,
  showCollapseButton: true,
  showReload: true,
  showNotice: true,
  showFullscreen: true,
  showMobileLogo: true,
  showBreadcrumb: true,
  breadcrumbIcon: false,
  showSearch: false,
  showI18n: false,
  logoutConfirm: true,
  showLog: import.meta.env.DEV,
  showSettingsPanel: import.meta.env.DEV,
  menuBadges: [] as string[],
  dynamicMenus: false,
  forceUpdateSameRoute: false,
};
export type LayoutSettings = typeof defaultLayoutSettings;

export interface WaterMarkState {
  show: boolean;
  text: string;
  options: Omit<WatermarkProps, 'content' | 'children'>;
}

export interface LayoutState {
  menuCollapse: boolean;
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isFullscreen: boolean;
  bodyHeight: number;
  waterMark: WaterMarkState;
  settings: LayoutSettings;
  setMenuCollapse: (collapsed: boolean) => void;
  toggleMenuCollapse: () => void;
  setViewport: (width: number, height: number) => void;
  setFullscreen: (on: boolean) => void;
}

function deviceFlags(width: number): Pick<LayoutState, 'isMobile' | 'isTablet' | 'isDesktop'> {
  const device = deviceClassOf(width);
  return { isMobile: device === 'Mobile', isTablet: device === 'Tablet', isDesktop: device === 'Desktop' };
}

const initialWidth = typeof window === 'undefined' ? 1366 : window.innerWidth;
const initialHeight = typeof window === 'undefined' ? 800 : window.innerHeight;

export const useLayoutStore = create<LayoutState>()(
  devtools(
    (set) => ({
      menuCollapse: false,
      ...deviceFlags(initialWidth),
      isFullscreen: false,
      bodyHeight: initialHeight,
      waterMark: { show: true, text: '', options: { gap: [120, 120], font: { fontSize: 14 } } },
      settings: { ...defaultLayoutSettings },
      setMenuCollapse: (collapsed) => set({ menuCollapse: collapsed }),
      toggleMenuCollapse: () => set((s) => ({ menuCollapse: !s.menuCollapse })),
      setViewport: (width, height) => set({ ...deviceFlags(width), bodyHeight: height }),
      setFullscreen: (on) => set({ isFullscreen: on }),
    }),
    { name: LAYOUT_STORE_NAME, enabled: import.meta.env.DEV },
  ),
);

/** Tracks the device class and body height from start and on every resize. Returns the remover. */
export function installViewportTracker(target: Window = window): () => void {
  const update = () => useLayoutStore.getState().setViewport(target.innerWidth, target.innerHeight);
  update();
  target.addEventListener('resize', update);
  return () => target.removeEventListener('resize', update);
}
