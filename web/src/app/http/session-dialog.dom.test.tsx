import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeNavigator } from '@/test/fakes';
import { AppProviders } from '../providers';
import { setNavigator } from '../router/navigation';
import { handleSessionCode, resetSessionDialog } from './session-codes';

afterEach(() => {
  setNavigator(null);
  resetSessionDialog();
});

describe('session dialog drawn by antd inside the app providers', () => {
  it('shows 账户退出提示 with the server msg and the 确认 button (-3), which goes to /other/service', async () => {
    const navigate = fakeNavigator();
    render(
      <AppProviders>
        <p>页面</p>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByText('页面')).toBeTruthy());
    handleSessionCode(-3, '客服登录已失效，请重新登录', '/other/auth/me');
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('账户退出提示'));
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('客服登录已失效，请重新登录');
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/other/service'));
  });
});
