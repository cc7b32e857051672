import { LOGIN_NOTICE_MS, SUCCESS_CODE, type LastTwoLoginLog } from '@kapu/contract';
import { getLastTwoLoginLog } from '@/api/account';
import type { Envelope } from './http/envelope';
import { feedback } from './feedback';

export type LoginNoticeKind = 'same-address' | 'new-address' | 'first-login' | 'none';

/** Which notice the last two login records call for. */
export function loginNoticeKind(envelope: Envelope<LastTwoLoginLog | null>): LoginNoticeKind {
  if (envelope.code !== SUCCESS_CODE || !envelope.data?.logs?.current) return 'none';
  const { current, last } = envelope.data.logs;
  if (!last) return 'first-login';
  return current.Address === last.Address ? 'same-address' : 'new-address';
}

/** Fetches the last two login records and shows the login notice bottom right for 5 s. */
export async function showLoginNotice(
  fetchLogs: () => Promise<Envelope<LastTwoLoginLog | null>> = getLastTwoLoginLog,
): Promise<LoginNoticeKind> {
  let envelope: Envelope<LastTwoLoginLog | null>;
  try {
    envelope = await fetchLogs();
  } catch {
    return 'none'; // the HTTP client already told the user
  }
  const kind = loginNoticeKind(envelope);
  const base = { placement: 'bottomRight' as const, duration: LOGIN_NOTICE_MS / 1000 };
  const current = envelope.data?.logs.current;
  const last = envelope.data?.logs.last;
  if (kind === 'same-address' && current) {
    feedback().notification.success({
      ...base,
      title: '登录成功',
      description: `登录地址正常：${current.Address}（IP ${current.IP}），与上次登录地址一致。`,
    });
  } else if (kind === 'new-address' && current && last) {
    feedback().notification.warning({
      ...base,
      title: '登录地址异常提醒',
      description: `本次登录地址为 ${current.Address}（IP ${current.IP}），与上次登录地址 ${last.Address}（${last.LoginTime}）不同。如非本人操作，请立即修改密码。`,
    });
  } else if (kind === 'first-login') {
    feedback().notification.success({ ...base, title: '登录成功' });
  }
  return kind;
}
