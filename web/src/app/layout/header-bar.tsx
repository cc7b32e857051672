import { Avatar, Badge, Breadcrumb, Button, Dropdown, Empty, Popover, Tooltip } from 'antd';
import {
  BellOutlined,
  ShopOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ReloadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR } from '@kapu/contract';
import type { Crumb } from '../router/breadcrumbs';
import type { LayoutSettings } from '../stores/layout-store';
import { useFullscreen } from './use-fullscreen';

interface HeaderBarProps {
  settings: LayoutSettings;
  collapsed: boolean;
  isMobile: boolean;
  brand: string;
  crumbs: Crumb[];
  userName: string;
  avatar: string;
  onToggleMenu: () => void;
  onReload: () => void;
  onLogout: () => void;
  /** Member centre: the way back to the storefront. */
  onShop?: () => void;
  onAccount?: () => void;
  /** The area's own notices (the member centre's message bell); the empty popover otherwise. */
  notice?: ReactNode;
}

/** Shell header: menu toggle, breadcrumbs, reload, notices, fullscreen and the user menu. */
export function HeaderBar(props: HeaderBarProps) {
  const { settings, collapsed, isMobile } = props;
  const { isFullscreen, toggle } = useFullscreen();
  return (
    <div className="shell-header-bar">
      {settings.showCollapseButton && (
        <Button
          type="text"
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={props.onToggleMenu}
        />
      )}
      {isMobile && settings.showMobileLogo && <span className="shell-mobile-brand">{props.brand}</span>}
      {!isMobile && settings.showBreadcrumb && (
        <Breadcrumb
          className="shell-crumbs"
          items={props.crumbs.map((c) => ({
            key: c.title,
            title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
          }))}
        />
      )}
      <div className="shell-header-actions">
        {props.onShop && (
          <Button type="text" icon={<ShopOutlined />} onClick={props.onShop} aria-label="返回商城">
            {!isMobile && '返回商城'}
          </Button>
        )}
        {settings.showReload && (
          <Tooltip title="刷新当前页">
            <Button type="text" aria-label="刷新当前页" icon={<ReloadOutlined />} onClick={props.onReload} />
          </Tooltip>
        )}
        {settings.showNotice && props.notice}
        {settings.showNotice && !props.notice && (
          <Popover
            trigger="click"
            placement="bottomRight"
            title="通知"
            content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有新的通知" />}
          >
            <Button
              type="text"
              aria-label="通知"
              icon={
                <Badge count={0} size="small">
                  <BellOutlined />
                </Badge>
              }
            />
          </Popover>
        )}
        {settings.showFullscreen && !isMobile && (
          <Tooltip title={isFullscreen ? '退出全屏' : '全屏'}>
            <Button
              type="text"
              aria-label={isFullscreen ? '退出全屏' : '全屏'}
              icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggle}
            />
          </Tooltip>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(props.onShop ? [{ key: 'shop', icon: <ShopOutlined />, label: '返回商城' }] : []),
              ...(props.onAccount ? [{ key: 'account', icon: <UserOutlined />, label: '账户设置' }] : []),
              { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
            ],
            onClick: ({ key }) =>
              key === 'logout' ? props.onLogout() : key === 'shop' ? props.onShop?.() : props.onAccount?.(),
          }}
        >
          <Button type="text" className="shell-user">
            <Avatar size="small" src={props.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
            {!isMobile && <span className="shell-user-name">{props.userName}</span>}
          </Button>
        </Dropdown>
      </div>
    </div>
  );
}
