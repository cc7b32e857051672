import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useUserStore } from '@/app/stores/user-store';
import { SiteOwnerGate } from './site-owner-gate';

function member(access: string[]) {
  act(() => useUserStore.getState().setUser({ area: 'user', name: 'm', avatar: '', access, roleIds: [] }));
}

function show() {
  const router = createMemoryRouter(
    [
      {
        path: '/vip/vipOrder',
        handle: { title: '分站订单', layout: 'member' },
        element: (
          <SiteOwnerGate>
            <p>订单列表</p>
          </SiteOwnerGate>
        ),
      },
    ],
    { initialEntries: ['/vip/vipOrder'] },
  );
  render(<RouterProvider router={router} />);
}

describe('only site owners open /vip/* pages', () => {
  it('shows the page to a member holding `vip`', () => {
    member(['member', 'vip']);
    show();
    expect(screen.getByText('订单列表')).toBeTruthy();
    expect(screen.queryByText('你还没有开通分站')).toBeNull();
  });

  it('shows other members the offer to open a site, with the way there, and not the page', () => {
    member(['member']);
    show();
    expect(screen.getByText('你还没有开通分站')).toBeTruthy();
    expect(screen.getByRole('link', { name: /立即开通分站/ }).getAttribute('href')).toBe('/inside/selfCreatVip');
    expect(screen.queryByText('订单列表')).toBeNull();
    expect(screen.getByRole('heading', { name: '分站订单' })).toBeTruthy(); // the page's title stays
  });
});
