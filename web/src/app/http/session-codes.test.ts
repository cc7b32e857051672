import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModalFuncProps } from 'antd';
import { fakeFeedback, fakeNavigator, fakeServer } from '@/test/fakes';
import { rawCookie } from '@/test/cookies';
import { setFeedback } from '../feedback';
import { setNavigator } from '../router/navigation';
import { writeAdminPath, writeAdminToken, writeUserToken } from '../storage/local';
import { postForm } from './client';
import { handleSessionCode, isSessionDialogOpen, resetSessionDialog, SESSION_DIALOG_TITLE } from './session-codes';

let ui: ReturnType<typeof fakeFeedback>;
let navigate: ReturnType<typeof fakeNavigator>;
beforeEach(() => {
  ui = fakeFeedback();
  navigate = fakeNavigator();
  resetSessionDialog();
});
afterEach(() => {
  setFeedback(null);
  setNavigator(null);
});

function lastDialog(): ModalFuncProps {
  const call = ui.modal.error.mock.calls.at(-1);
  if (!call) throw new Error('no dialog shown');
  return call[0];
}

describe('code -1: admin session ended', () => {
  it('stores the msg in the token-admin cookie, drops admin_token, dialog with 去登录 → /{segment}/index', async () => {
    writeAdminPath('kp7');
    writeAdminToken('A');
    fakeServer(() => ({ data: { code: -1, msg: '管理员登录已失效，请重新登录', data: null } }));
    const answer = await postForm('/kp7/dashboard/summary');
    expect(answer.code).toBe(-1); // handed back unchanged
    expect(rawCookie('admin-kapu-token-admin')).toBe('管理员登录已失效，请重新登录');
    expect(localStorage.getItem('admin_token')).toBeNull();
    const dialog = lastDialog();
    expect(dialog.title).toBe(SESSION_DIALOG_TITLE);
    expect(dialog.title).toBe('账户退出提示');
    expect(dialog.content).toBe('管理员登录已失效，请重新登录');
    expect(dialog.okText).toBe('去登录');
    expect(navigate).not.toHaveBeenCalled();
    dialog.onOk?.();
    expect(navigate).toHaveBeenCalledWith('/kp7/index');
  });

  it('goes to / when the request URL has no segment', () => {
    handleSessionCode(-1, '失效', '/');
    lastDialog().onOk?.();
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('code -2: user session ended', () => {
  it('dialog with 重新登录; on OK the token is removed and we go to /login', async () => {
    writeUserToken('U');
    fakeServer(() => ({ data: { code: -2, msg: '登录已失效，请重新登录', data: null } }));
    await postForm('/inside/inter/getAccount');
    const dialog = lastDialog();
    expect(dialog.title).toBe('账户退出提示');
    expect(dialog.okText).toBe('重新登录');
    expect(localStorage.getItem('token')).not.toBeNull();
    dialog.onOk?.();
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('code -2 without a session: a visitor who never logged in', () => {
  it('goes to /login with a redirect back, no 登录已失效 dialog', async () => {
    localStorage.removeItem('token');
    window.history.replaceState(null, '', '/certify/alipayFaceResult?certifyId=abc');
    fakeServer(() => ({ data: { code: -2, msg: '登录已失效，请重新登录', data: null } }));
    await postForm('/inside/certify/alipayResult');
    expect(ui.modal.error).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirect=${encodeURIComponent('/certify/alipayFaceResult?certifyId=abc')}`,
    );
  });
});

describe('code -3: service-desk session ended', () => {
  it('dialog with 确认 → /other/service', async () => {
    fakeServer(() => ({ data: { code: -3, msg: '客服登录已失效，请重新登录', data: null } }));
    await postForm('/other/auth/me');
    const dialog = lastDialog();
    expect(dialog.title).toBe('账户退出提示');
    expect(dialog.content).toBe('客服登录已失效，请重新登录');
    expect(dialog.okText).toBe('确认');
    dialog.onOk?.();
    expect(navigate).toHaveBeenCalledWith('/other/service');
  });
});

describe('code 403', () => {
  it('stores the msg under localStorage 403 and replaces the route with /403, no dialog', async () => {
    fakeServer(() => ({ data: { code: 403, msg: '没有权限执行此操作', data: null } }));
    const answer = await postForm('/inside/inter/doOpenApi');
    expect(answer.code).toBe(403);
    expect(localStorage.getItem('403')).toBe('没有权限执行此操作');
    expect(navigate).toHaveBeenCalledWith('/403', { replace: true });
    expect(ui.modal.error).not.toHaveBeenCalled();
  });
});

describe('one dialog at a time', () => {
  it('parallel session-ended answers open a single dialog; after OK a new one may open', async () => {
    writeUserToken('U');
    fakeServer(() => ({ data: { code: -2, msg: '登录已失效', data: null } }));
    await Promise.all([
      postForm('/inside/inter/getAccount'),
      postForm('/inside/inter/getAccount'),
      postForm('/inside/inter/getPromotionLink'),
    ]);
    expect(ui.modal.error).toHaveBeenCalledTimes(1);
    expect(isSessionDialogOpen()).toBe(true);
    handleSessionCode(-1, '管理员失效', '/kp7/x');
    handleSessionCode(-3, '客服失效', '/other/x');
    expect(ui.modal.error).toHaveBeenCalledTimes(1);
    lastDialog().onOk?.();
    expect(isSessionDialogOpen()).toBe(false);
    handleSessionCode(-3, '客服失效', '/other/x');
    expect(ui.modal.error).toHaveBeenCalledTimes(2);
  });
});
