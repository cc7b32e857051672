import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useUserStore } from '../stores/user-store';
import { Access, hasAccess, useAccess } from './access';

function signIn(access: string[]) {
  act(() => useUserStore.getState().setUser({ area: 'admin', name: 'ops', avatar: '', access, roleIds: [] }));
}

describe('Access (removed unless the access list holds one of the codes)', () => {
  it('renders children when one of the codes is held', () => {
    signIn(['members.view', 'orders.manage']);
    render(
      <Access codes={['funds.manage', 'orders.manage']}>
        <button>退款</button>
      </Access>,
    );
    expect(screen.getByRole('button', { name: '退款' })).toBeTruthy();
  });

  it('removes the element when none is held', () => {
    signIn(['members.view']);
    const { container } = render(
      <Access codes={['funds.manage']}>
        <button>退款</button>
      </Access>,
    );
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();
    expect(container.innerHTML).toBe('');
  });

  it('shows the fallback instead when given', () => {
    signIn([]);
    render(
      <Access codes={['settings.edit']} fallback={<span>无权限</span>}>
        <span>设置</span>
      </Access>,
    );
    expect(screen.getByText('无权限')).toBeTruthy();
    expect(screen.queryByText('设置')).toBeNull();
  });

  it('follows the signed-in user when it changes', () => {
    signIn([]);
    const { result } = renderHook(() => useAccess(['audit.view']));
    expect(result.current).toBe(false);
    signIn(['audit.view']);
    expect(result.current).toBe(true);
  });

  it('hasAccess: no user → no access; empty requirement → allowed', () => {
    expect(hasAccess(undefined, ['a'])).toBe(false);
    expect(hasAccess([], [])).toBe(true);
    expect(hasAccess(['b'], ['a', 'b'])).toBe(true);
  });
});
