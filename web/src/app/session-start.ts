import { setLoginLogFlag, writeUserToken } from './storage/local';
import { queryClient } from './providers';
import { accountKeys, shellKeys } from '@/api/keys';

/**
 * A user session begins (login or register): keep the token as {authCode}, and set the
 * login-log flag so the next navigation shows the login notice.
 */
export function startUserSession(authCode: string): void {
  writeUserToken(authCode);
  setLoginLogFlag();
  queryClient.removeQueries({ queryKey: shellKeys.area('member') });
  queryClient.removeQueries({ queryKey: accountKeys.account });
}
