import { hasAccess } from '../guards/access';
import { roleAllows } from '../guards/route-guards';
import {
  MENU_GROUP_LABELS,
  MENU_SECTION_LABELS,
  routes as allRoutes,
  type MenuGroup,
  type MenuSection,
  type RouteMeta,
} from '../router/routes';

export interface MenuPage {
  path: string;
  title: string;
  icon: string;
}
export interface MenuSectionEntry {
  key: string;
  label: string;
  icon: string;
  pages: MenuPage[];
}
export interface MenuGroupEntry {
  group: MenuGroup;
  label: string;
  sections: MenuSectionEntry[];
}

export interface MenuViewer {
  access: readonly string[];
  verifyRole?: string;
  roleIds?: string;
}

/** Whether the viewer may see a route in the menu: roleId rule (admin) and the access code. */
export function menuAllows(route: RouteMeta, viewer: MenuViewer): boolean {
  if (route.menu?.group === 'admin') {
    if (!roleAllows(route.roleId, { verifyRole: viewer.verifyRole, roleIds: viewer.roleIds })) return false;
    if (viewer.verifyRole === '0') return true;
  }
  return !route.access || hasAccess(viewer.access, [route.access]);
}

/** The sidebar of one shell from the route data, with `:adminPath` filled in. */
export function buildMenu(
  groups: readonly MenuGroup[],
  viewer: MenuViewer,
  adminPath = '',
  list: RouteMeta[] = allRoutes,
): MenuGroupEntry[] {
  const result: MenuGroupEntry[] = [];
  for (const group of groups) {
    const sections = new Map<MenuSection, MenuSectionEntry>();
    for (const route of list) {
      if (route.menu?.group !== group || !menuAllows(route, viewer)) continue;
      const section = route.menu.section;
      if (!sections.has(section)) {
        sections.set(section, {
          key: `${group}:${section}`,
          label: MENU_SECTION_LABELS[section],
          icon: route.icon,
          pages: [],
        });
      }
      sections
        .get(section)
        ?.pages.push({ path: route.path.replace(':adminPath', adminPath), title: route.title, icon: route.icon });
    }
    if (sections.size > 0) result.push({ group, label: MENU_GROUP_LABELS[group], sections: [...sections.values()] });
  }
  return result;
}

/**
 * Where staff land after logging in: the first page of the admin menu they may open (控制台 when
 * their role has it); /403 only when their role opens nothing.
 */
export function firstAdminPage(viewer: MenuViewer, adminPath: string): string {
  const first = buildMenu(['admin'], viewer, adminPath)[0]?.sections[0]?.pages[0];
  return first?.path ?? '/403';
}
