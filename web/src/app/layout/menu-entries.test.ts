import { describe, expect, it } from 'vitest';
import { buildMenu, firstAdminPage } from './menu-entries';

const titles = (menu: ReturnType<typeof buildMenu>) =>
  menu.flatMap((g) => g.sections.flatMap((s) => s.pages.map((p) => p.title)));

describe('sidebar from route data', () => {
  it('member without vip access sees the member group and 供货管理 (its pages offer the application)', () => {
    const menu = buildMenu(['member', 'vip', 'supply'], { access: ['member'] });
    expect(menu.map((g) => g.group)).toEqual(['member', 'supply']);
    expect(titles(menu)).toContain('我的订单');
    expect(titles(menu)).not.toContain('订单详情'); // detail pages stay out of the menu
  });

  it('vip and supplier access add their groups', () => {
    const menu = buildMenu(['member', 'vip', 'supply'], { access: ['member', 'vip', 'supplier'] });
    expect(menu.map((g) => g.label)).toEqual(['会员中心', '分站管理', '供货管理']);
  });

  it('admin menu fills in the admin path and follows the roleIds rule', () => {
    const staff = buildMenu(
      ['admin'],
      { access: ['members.view', 'catalog.edit'], verifyRole: '1', roleIds: '2' },
      'kp1',
    );
    const pages = staff.flatMap((g) => g.sections.flatMap((s) => s.pages));
    expect(pages.map((p) => p.path)).toEqual(['/kp1/members']);
    const withDashboard = buildMenu(
      ['admin'],
      { access: ['dashboard.view', 'members.view'], verifyRole: '1', roleIds: '2' },
      'kp1',
    );
    expect(withDashboard.flatMap((g) => g.sections.flatMap((s) => s.pages)).map((p) => p.path)).toEqual([
      '/kp1/dashboard',
      '/kp1/members',
    ]);
    const superAdmin = buildMenu(['admin'], { access: [], verifyRole: '0', roleIds: '' }, 'kp1');
    expect(titles(superAdmin)).toEqual(
      expect.arrayContaining(['控制台', '会员管理', '支付配置', '操作日志', '管理员与角色']),
    );
  });

  it('staff land on the first page their role opens: 控制台 only when they hold it', () => {
    expect(firstAdminPage({ access: ['members.view'], verifyRole: '1', roleIds: '2' }, 'kp1')).toBe('/kp1/members');
    expect(firstAdminPage({ access: ['dashboard.view', 'members.view'], verifyRole: '1', roleIds: '2' }, 'kp1')).toBe(
      '/kp1/dashboard',
    );
    expect(firstAdminPage({ access: [], verifyRole: '0', roleIds: '' }, 'kp1')).toBe('/kp1/dashboard');
    expect(firstAdminPage({ access: [], verifyRole: '1', roleIds: '' }, 'kp1')).toBe('/403');
  });
});
