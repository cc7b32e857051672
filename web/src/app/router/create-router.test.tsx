import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeServer } from '@/test/fakes';
import { AppProviders } from '../providers';
import { setCookie } from '../storage/cookies';
import { writeAdminToken } from '../storage/local';
import { buildRouteTree } from './create-router';
import { routes, type RouteMeta } from './routes';
import type { SiteInfo } from '@kapu/contract';

// Real guards and route tree; simple pages so the test is about routing, not antd.
function page(text: string): RouteMeta['load'] {
  return async () => ({ default: () => <p>{text}</p> });
}
const testRoutes: RouteMeta[] = routes.map((r) => ({ ...r, load: page(`page:${r.path}`) }));

const SLOW = 25_000;

let router: ReturnType<typeof createMemoryRouter> | null = null;
afterEach(() => router?.dispose());

async function visit(url: string) {
  // The storefront frame asks for the site info: the platform, serving.
  const platform: SiteInfo = {
    title: '卡铺',
    subtitle: '',
    logo: '',
    notice: '',
    siteId: 1,
    path: '',
    status: 'active',
    closedReason: '',
  };
  fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: platform } }));
  router = createMemoryRouter(buildRouteTree(testRoutes), { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The first visit loads the frames' modules cold: slow while the whole suite shares the CPU.
  await waitFor(() => expect(router?.state.navigation.state).toBe('idle'), { timeout: SLOW });
  await waitFor(() => expect(router?.state.initialized).toBe(true), { timeout: SLOW });
  return router;
}

describe('router with guards', () => {
  it('sends a visitor of a login page to /login?redirect=<full path>', async () => {
    const r = await visit('/inside/myOrder?status=paid&page=2');
    await waitFor(() => expect(r.state.location.pathname).toBe('/login'), { timeout: SLOW });
    expect(new URLSearchParams(r.state.location.search).get('redirect')).toBe('/inside/myOrder?status=paid&page=2');
    expect(await screen.findByText('page:/login', {}, { timeout: SLOW })).toBeTruthy();
  });

  it('sends an admin screen without token-admin cookie to /{segment}/index', async () => {
    const r = await visit('/x9admin/members');
    await waitFor(() => expect(r.state.location.pathname).toBe('/x9admin/index'));
    expect(await screen.findByText('page:/:adminPath/index')).toBeTruthy();
  });

  it('sends a staff member without the role to /403 with a message', async () => {
    writeAdminToken('T');
    setCookie('token-admin', 'T');
    setCookie('verifyRole', '1');
    setCookie('roleIds', '2');
    const r = await visit('/x9admin/payments');
    await waitFor(() => expect(r.state.location.pathname).toBe('/403'));
    expect(localStorage.getItem('403')).toContain('权限');
  });

  it('lets the right role in', async () => {
    writeAdminToken('T');
    setCookie('token-admin', 'T');
    setCookie('verifyRole', '1');
    setCookie('roleIds', '2');
    const r = await visit('/x9admin/members');
    expect(r.state.location.pathname).toBe('/x9admin/members');
  });

  it('unknown addresses hit the 404 catch-all; / is the storefront', async () => {
    await visit('/no/such/page/here');
    expect(await screen.findByText('page:*')).toBeTruthy();
  });
});
