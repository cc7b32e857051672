import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LastTwoLoginLog } from '@kapu/contract';
import { fakeFeedback, fakeServer } from '@/test/fakes';
import { setFeedback } from './feedback';
import type { Envelope } from './http/envelope';
import { loginNoticeKind, showLoginNotice } from './login-notice';

const here = { IP: '1.2.3.4', Address: '浙江省杭州市 电信', LoginTime: '2025-05-01 10:00:00' };
const there = { IP: '5.6.7.8', Address: '广东省深圳市 联通', LoginTime: '2025-04-30 09:00:00' };
const answer = (logs: LastTwoLoginLog['logs'], code = 1000): Envelope<LastTwoLoginLog> => ({
  code,
  msg: '',
  data: { logs },
});

let ui: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  ui = fakeFeedback();
});
afterEach(() => setFeedback(null));

describe('login notice', () => {
  it('same address → success that the login address is normal, bottom right, 5 s', async () => {
    expect(await showLoginNotice(async () => answer({ current: here, last: { ...here, IP: '1.2.3.5' } }))).toBe(
      'same-address',
    );
    expect(ui.notification.success).toHaveBeenCalledTimes(1);
    const args = ui.notification.success.mock.calls[0][0];
    expect(args.placement).toBe('bottomRight');
    expect(args.duration).toBe(5);
    expect(String(args.description)).toContain('登录地址正常');
    expect(ui.notification.warning).not.toHaveBeenCalled();
  });

  it('different address → warning that it differs from last time', async () => {
    expect(await showLoginNotice(async () => answer({ current: here, last: there }))).toBe('new-address');
    const args = ui.notification.warning.mock.calls[0][0];
    expect(args.placement).toBe('bottomRight');
    expect(args.duration).toBe(5);
    expect(String(args.description)).toContain('与上次登录地址');
    expect(String(args.description)).toContain('广东省深圳市');
    expect(ui.notification.success).not.toHaveBeenCalled();
  });

  it('one record → plain 登录成功', async () => {
    expect(await showLoginNotice(async () => answer({ current: here, last: null }))).toBe('first-login');
    const args = ui.notification.success.mock.calls[0][0];
    expect(args.title).toBe('登录成功');
    expect(args.description).toBeUndefined();
    expect(args.placement).toBe('bottomRight');
  });

  it('code ≠ 1000 → no notice', async () => {
    expect(await showLoginNotice(async () => answer({ current: here, last: there }, 1004))).toBe('none');
    expect(await showLoginNotice(async () => ({ code: -2, msg: '登录已失效', data: null }))).toBe('none');
    expect(ui.notification.success).not.toHaveBeenCalled();
    expect(ui.notification.warning).not.toHaveBeenCalled();
  });

  it('calls POST /inside/inter/getLastTwoLoginLog by default', async () => {
    const seen = fakeServer(() => ({ data: answer({ current: here, last: null }) }));
    await showLoginNotice();
    expect(seen[0].method).toBe('post');
    expect(seen[0].url).toBe('/inside/inter/getLastTwoLoginLog');
    expect(ui.notification.success).toHaveBeenCalledTimes(1);
  });

  it('loginNoticeKind tolerates an empty data', () => {
    expect(loginNoticeKind({ code: 1000, msg: '', data: null })).toBe('none');
  });
});
