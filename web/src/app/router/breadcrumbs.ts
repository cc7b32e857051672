import { firstSegment } from './navigation';
import { MENU_GROUP_LABELS, MENU_SECTION_LABELS, type MenuGroup, type RouteMeta } from './routes';

export interface Crumb {
  title: string;
  path?: string;
}

/** Landing page of each sidebar group: the first crumb links there. */
export function groupHomePath(group: MenuGroup, pathname: string): string {
  switch (group) {
    case 'member':
      return '/inside/index';
    case 'vip':
      return '/vip/desktop';
    case 'supply':
      return '/supply/supplyGoods';
    case 'admin':
      return `/${firstSegment(pathname)}/dashboard`;
  }
}

/** Breadcrumbs from the route data: area root › menu section › page. */
export function breadcrumbsOf(meta: RouteMeta | null, pathname: string): Crumb[] {
  if (!meta) return [];
  const title = meta.title || '支付结果';
  if (meta.layout === 'member' || meta.layout === 'admin') {
    const group: MenuGroup = meta.menu?.group ?? (meta.layout === 'admin' ? 'admin' : 'member');
    const home = groupHomePath(group, pathname);
    const crumbs: Crumb[] = [{ title: MENU_GROUP_LABELS[group], path: home }];
    if (meta.menu) crumbs.push({ title: MENU_SECTION_LABELS[meta.menu.section] });
    if (home !== pathname) crumbs.push({ title });
    return crumbs;
  }
  if (meta.path === '/') return [{ title: '首页' }];
  return [{ title: '首页', path: '/' }, { title }];
}
