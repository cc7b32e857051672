import { SupplierGate } from '@/areas/supply/supplier-gate';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { App as AntdApp, Drawer, Layout, Modal, Tabs, Watermark } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CONFIRM_WIDTH } from '@kapu/contract';
import { ShellContext } from '@/components/shell-context';
import { SiteOwnerGate } from '@/areas/vip/site-owner-gate';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { breadcrumbsOf } from '../router/breadcrumbs';
import { firstSegment } from '../router/navigation';
import { useRouteChange } from '../router/route-events';
import { getCookie } from '../storage/cookies';
import { useLayoutStore } from '../stores/layout-store';
import { useTabsStore } from '../stores/tabs-store';
import { useUserStore } from '../stores/user-store';
import { HeaderBar } from './header-bar';
import { MessageBell } from './message-bell';
import { buildMenu } from './menu-entries';
import { SHELL_AREAS, type ShellKey } from './shell-areas';
import { SideMenu } from './side-menu';
import { TabsBar } from './tabs-bar';
import './app-shell.css';
import { shellKeys } from '@/api/keys';

// The admin's two-step setup (header menu 账户设置), loaded when opened.
// /vip pages for a member who owns no site: the offer to open one instead of the page.
const TotpPanel = lazy(() => import('@/areas/admin/totp-panel').then((m) => ({ default: m.TotpPanel })));
const OwnPasswordForm = lazy(() =>
  import('@/areas/admin/own-password-form').then((m) => ({ default: m.OwnPasswordForm })),
);

const SIDER_WIDTH = 220;

/** The back-office frame shared by the member/VIP/supply area, the admin area and the service desk. */
export function AppShell({ shell, children }: { shell: ShellKey; children?: ReactNode }) {
  const area = SHELL_AREAS[shell];
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const { modal } = AntdApp.useApp();
  const layout = useLayoutStore();
  const { settings, isMobile, isTablet, menuCollapse } = layout;
  const setUser = useUserStore((s) => s.setUser);
  const openTab = useTabsStore((s) => s.open);
  const contentRef = useRef<HTMLDivElement>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const segment = firstSegment(pathname);
  const [totpOpen, setTotpOpen] = useState(false);

  const { data: user } = useQuery({
    queryKey: shellKeys.user(shell, shell === 'admin' ? segment : ''),
    queryFn: () => area.loadUser(pathname),
  });
  useEffect(() => {
    if (user) setUser(user);
  }, [user, setUser]);

  // Tablets start with the narrow sidebar; desktops with the full one.
  useEffect(() => {
    layout.setMenuCollapse(isTablet);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isTablet]);

  const homeKey = area.homePath(pathname);
  // One tab per route, saved per area (each admin path its own set); the tab remembers the
  // query it was last opened with, so 订单详情 is one tab whatever order it shows.
  const tabKey = pathname;
  const tabsShell = shell === 'admin' ? `admin-${segment}` : shell;
  useEffect(() => {
    if (meta && tabKey !== homeKey && meta.layout !== 'bare')
      openTab(tabsShell, { key: tabKey, path: `${pathname}${search}`, title: meta.title, icon: meta.icon });
  }, [meta, tabKey, homeKey, openTab, tabsShell, pathname, search]);

  // The shell scrolls its own content pane, so "scroll to top" applies here too.
  useRouteChange(() => contentRef.current?.scrollTo?.({ top: 0 }));

  const menu = buildMenu(
    area.groups,
    { access: user?.access ?? [], verifyRole: getCookie('verifyRole'), roleIds: getCookie('roleIds') },
    shell === 'admin' ? segment : '',
  );

  const logout = () => {
    if (!settings.logoutConfirm) {
      void area.logout(pathname);
      return;
    }
    modal.confirm({
      title: '退出登录',
      content: '确定要退出当前账号吗？',
      okText: '退出',
      cancelText: '取消',
      width: CONFIRM_WIDTH,
      onOk: () => area.logout(pathname),
    });
  };

  const sideMenu = (collapsed: boolean) => (
    <SideMenu
      entries={menu}
      pathname={pathname}
      collapsed={collapsed}
      accordion={settings.menuAccordion}
      theme={settings.sideTheme}
      onNavigate={() => setDrawerOpen(false)}
    />
  );
  const brand = (
    <div className="shell-brand" onClick={() => navigate(homeKey)}>
      <span className="shell-brand-mark" aria-hidden />
      {(!menuCollapse || isMobile) && <span className="shell-brand-text">{area.brand}</span>}
    </div>
  );

  // Owner pages wait for who the member is, so their calls never run for a member without a site.
  const page = (
    <ShellContext.Provider value>
      <div key={reloadKey} className="shell-page">
        {meta?.access === 'vip' ? (
          <SiteOwnerGate>{children ?? <Outlet />}</SiteOwnerGate>
        ) : meta?.menu?.group === 'supply' ? (
          <SupplierGate>{children ?? <Outlet />}</SupplierGate>
        ) : (
          (children ?? <Outlet />)
        )}
      </div>
    </ShellContext.Provider>
  );

  return (
    <Layout className={`shell shell-${shell}${isMobile ? ' shell-mobile' : ''}`}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          {brand}
          {sideMenu(false)}
        </Drawer>
      ) : (
        menu.length > 0 && (
          <Layout.Sider
            className="shell-sider"
            theme={settings.sideTheme}
            width={SIDER_WIDTH}
            collapsed={menuCollapse}
            collapsedWidth={64}
            trigger={null}
          >
            {brand}
            <div className="shell-sider-menu">{sideMenu(menuCollapse)}</div>
          </Layout.Sider>
        )
      )}
      <Layout className="shell-main">
        <Layout.Header className="shell-header">
          <HeaderBar
            settings={settings}
            collapsed={isMobile ? !drawerOpen : menuCollapse}
            isMobile={isMobile}
            brand={area.brand}
            crumbs={breadcrumbsOf(meta, pathname)}
            userName={user?.name ?? ''}
            avatar={user?.avatar ?? ''}
            onToggleMenu={() => (isMobile ? setDrawerOpen(!drawerOpen) : layout.toggleMenuCollapse())}
            onReload={() => setReloadKey((k) => k + 1)}
            onLogout={logout}
            onShop={shell === 'member' ? () => navigate('/') : undefined}
            notice={shell === 'member' ? <MessageBell /> : undefined}
            onAccount={
              shell === 'member'
                ? () => navigate('/inside/inter/myaccount')
                : shell === 'admin'
                  ? () => setTotpOpen(true)
                  : undefined
            }
          />
          {settings.showTabs && (
            <TabsBar
              shell={tabsShell}
              activeKey={tabKey}
              home={{ key: homeKey, title: area.homeTitle, icon: 'home' }}
              showIcons={settings.tabsIcon}
            />
          )}
        </Layout.Header>
        <Layout.Content className="shell-content" ref={contentRef}>
          {layout.waterMark.show ? (
            <Watermark content={layout.waterMark.text} {...layout.waterMark.options}>
              {page}
            </Watermark>
          ) : (
            page
          )}
        </Layout.Content>
      </Layout>
      {shell === 'admin' && (
        <Modal
          open={totpOpen}
          title="账户安全"
          footer={null}
          onCancel={() => setTotpOpen(false)}
          destroyOnHidden
          width={560}
        >
          <Suspense fallback={null}>
            <Tabs
              items={[
                {
                  key: 'password',
                  label: '修改密码',
                  children: <OwnPasswordForm onDone={() => setTotpOpen(false)} />,
                },
                { key: 'totp', label: '两步验证', children: <TotpPanel /> },
              ]}
            />
          </Suspense>
        </Modal>
      )}
    </Layout>
  );
}
