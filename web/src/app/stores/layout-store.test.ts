import { describe, expect, it } from 'vitest';
import {
  defaultLayoutSettings,
  deviceClassOf,
  installViewportTracker,
  LAYOUT_STORE_NAME,
  useLayoutStore,
} from './layout-store';

function resize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

function flags() {
  const { isMobile, isTablet, isDesktop } = useLayoutStore.getState();
  return { isMobile, isTablet, isDesktop };
}

describe('device class', () => {
  it.each([
    [320, 'Mobile'],
    [575, 'Mobile'],
    [576, 'Tablet'],
    [992, 'Tablet'],
    [993, 'Desktop'],
    [1920, 'Desktop'],
  ])('%i px → %s', (width, device) => {
    expect(deviceClassOf(width)).toBe(device);
  });

  it('is tracked at start and on resize, with exactly one flag true, and records body height', () => {
    resize(500, 700);
    const remove = installViewportTracker();
    expect(flags()).toEqual({ isMobile: true, isTablet: false, isDesktop: false });
    expect(useLayoutStore.getState().bodyHeight).toBe(700);
    resize(576, 800);
    expect(flags()).toEqual({ isMobile: false, isTablet: true, isDesktop: false });
    resize(992, 810);
    expect(flags()).toEqual({ isMobile: false, isTablet: true, isDesktop: false });
    resize(993, 820);
    expect(flags()).toEqual({ isMobile: false, isTablet: false, isDesktop: true });
    expect(useLayoutStore.getState().bodyHeight).toBe(820);
    remove();
    resize(300, 600);
    expect(flags().isDesktop).toBe(true); // no longer listening
  });
});

describe('admin/layout store defaults', () => {
  it('is named admin/layout and starts with the spec state', () => {
    expect(LAYOUT_STORE_NAME).toBe('admin/layout');
    const s = useLayoutStore.getState();
    expect(s.menuCollapse).toBe(false);
    expect(s.isFullscreen).toBe(false);
    expect(s.waterMark.show).toBe(true);
    expect(s.waterMark.text).toBe('');
    expect(s.waterMark.options).toBeTypeOf('object');
  });

  it('carries every layout default', () => {
    expect(defaultLayoutSettings).toMatchObject({
      sideTheme: 'light',
      headerTheme: 'light',
      headerSticky: false,
      showTabs: true,
      tabsIcon: true,
      tabsFixed: true,
      tabsOrdered: true,
      fixedSidebar: true,
      fixedHeader: true,
      menuAccordion: true,
      showCollapseButton: true,
      showReload: true,
      showNotice: true,
      showFullscreen: true,
      showMobileLogo: true,
      showBreadcrumb: true,
      showSearch: false,
      showI18n: false,
      breadcrumbIcon: false,
      tabsReload: false,
      logoutConfirm: true,
      menuBadges: [],
      dynamicMenus: false,
      forceUpdateSameRoute: false,
    });
    // Log display and the settings panel only in a development build (vitest runs as one).
    expect(defaultLayoutSettings.showLog).toBe(import.meta.env.DEV);
    expect(defaultLayoutSettings.showSettingsPanel).toBe(import.meta.env.DEV);
  });

  it('toggles the menu and fullscreen', () => {
    useLayoutStore.getState().toggleMenuCollapse();
    expect(useLayoutStore.getState().menuCollapse).toBe(true);
    useLayoutStore.getState().setMenuCollapse(false);
    useLayoutStore.getState().setFullscreen(true);
    expect(useLayoutStore.getState().isFullscreen).toBe(true);
    useLayoutStore.getState().setFullscreen(false);
  });
});
