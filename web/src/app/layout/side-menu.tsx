import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import type { MenuGroupEntry } from './menu-entries';
import { RouteIcon } from './icons';

interface SideMenuProps {
  entries: MenuGroupEntry[];
  pathname: string;
  collapsed: boolean;
  accordion: boolean;
  theme: 'light' | 'dark';
  onNavigate?: () => void;
}

type MenuItem = Required<MenuProps>['items'][number];

function sectionOf(entries: MenuGroupEntry[], pathname: string): string | undefined {
  for (const group of entries)
    for (const section of group.sections) if (section.pages.some((p) => p.path === pathname)) return section.key;
  return undefined;
}

/** Sidebar menu built from the route data (see menu-entries.ts). */
export function SideMenu({ entries, pathname, collapsed, accordion, theme, onNavigate }: SideMenuProps) {
  const navigate = useNavigate();
  const current = sectionOf(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);
  const [seenCurrent, setSeenCurrent] = useState(current);
  if (current !== seenCurrent) {
    // Navigating elsewhere (tabs, links) opens that page's section.
    setSeenCurrent(current);
    if (current && !openKeys.includes(current)) setOpenKeys(accordion ? [current] : [...openKeys, current]);
  }

  const items = useMemo<MenuItem[]>(
    () =>
      entries.map((group) => ({
        type: 'group' as const,
        key: group.group,
        label: entries.length > 1 ? group.label : undefined,
        children: group.sections.map((section) => ({
          key: section.key,
          label: section.label,
          icon: <RouteIcon name={section.pages[0]?.icon ?? section.icon} />,
          children: section.pages.map((page) => ({
            key: page.path,
            label: page.title,
            icon: <RouteIcon name={page.icon} />,
          })),
        })),
      })),
    [entries],
  );

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      inlineCollapsed={collapsed}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        const added = keys.find((k) => !openKeys.includes(k));
        setOpenKeys(accordion && added ? [added] : keys);
      }}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
