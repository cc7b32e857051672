import { SessionCodes } from '@kapu/contract';
import { feedback } from '../feedback';
import { firstSegment, navigateTo } from '../router/navigation';
import { setCookie } from '../storage/cookies';
import { readUserToken, removeAdminToken, removeUserToken, writeForbiddenMessage } from '../storage/local';
import { routerPath } from '../site-base';

export const SESSION_DIALOG_TITLE = '账户退出提示';

/** Only one session-ended dialog at a time: parallel requests all answer -2 after a logout. */
let dialogOpen = false;

export function isSessionDialogOpen(): boolean {
  return dialogOpen;
}

/** Tests start from a closed dialog. */
export function resetSessionDialog(): void {
  dialogOpen = false;
}

function showSessionDialog(msg: string, okText: string, onOk: () => void): void {
  if (dialogOpen) return;
  dialogOpen = true;
  feedback().modal.error({
    title: SESSION_DIALOG_TITLE,
    content: msg,
    okText,
    closable: false,
    keyboard: false,
    onOk: () => {
      dialogOpen = false;
      onOk();
    },
  });
}

/**
 * Spec §4: react to the session codes -1/-2/-3/403. Returns true when the code was one of
 * them (the envelope is still handed back unchanged to the caller).
 */
export function handleSessionCode(code: number, msg: string, requestUrl: string): boolean {
  switch (code) {
    case SessionCodes.admin: {
      setCookie('token-admin', msg);
      removeAdminToken();
      const segment = firstSegment(requestUrl);
      showSessionDialog(msg, '去登录', () => navigateTo(segment ? `/${segment}/index` : '/'));
      return true;
    }
    case SessionCodes.user:
      // A visitor who never logged in has no session that could have ended: no "登录已失效"
      // dialog, just the login page (and back here after it), as the login-flag routes do.
      if (!readUserToken()) {
        navigateTo(
          `/login?redirect=${encodeURIComponent(routerPath(window.location.pathname) + window.location.search)}`,
        );
        return true;
      }
      showSessionDialog(msg, '重新登录', () => {
        removeUserToken();
        navigateTo('/login');
      });
      return true;
    case SessionCodes.other:
      showSessionDialog(msg, '确认', () => navigateTo('/other/service'));
      return true;
    case SessionCodes.forbidden:
      writeForbiddenMessage(msg);
      navigateTo('/403', { replace: true });
      return true;
    default:
      return false;
  }
}

export function isSessionCode(code: number): boolean {
  return (Object.values(SessionCodes) as number[]).includes(code);
}
