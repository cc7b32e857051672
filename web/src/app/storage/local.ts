/**
 * The app's localStorage keys and typed readers/writers for them. Every write emits
 * STORAGE_EVENT so components that show a login form or a shell can re-render at once.
 */
export const LocalKeys = {
  token: 'token',
  adminToken: 'admin_token',
  otherToken: 'other_token',
  adminPath: 'admin_path',
  forbidden: '403',
  siteTitle: 'siteTitle',
  loginLogFlag: 'loginLog',
} as const;

export const STORAGE_EVENT = 'kapu-storage';

function changed(): void {
  window.dispatchEvent(new Event(STORAGE_EVENT));
}

function readAuthCode(key: string): string | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'authCode' in parsed && typeof parsed.authCode === 'string') {
      return parsed.authCode || null;
    }
  } catch {
    // A hand-edited or foreign value is not a session.
  }
  return null;
}

/** User area: token = JSON {authCode}. */
export function readUserToken(): string | null {
  return readAuthCode(LocalKeys.token);
}
export function writeUserToken(authCode: string): void {
  localStorage.setItem(LocalKeys.token, JSON.stringify({ authCode }));
  changed();
}
export function removeUserToken(): void {
  localStorage.removeItem(LocalKeys.token);
  changed();
}

/** Admin area: admin_token is a plain string. */
export function readAdminToken(): string | null {
  return localStorage.getItem(LocalKeys.adminToken) || null;
}
export function writeAdminToken(authCode: string): void {
  localStorage.setItem(LocalKeys.adminToken, authCode);
  changed();
}
export function removeAdminToken(): void {
  localStorage.removeItem(LocalKeys.adminToken);
  changed();
}

/** Service desk: other_token = JSON {authCode}. */
export function readOtherToken(): string | null {
  return readAuthCode(LocalKeys.otherToken);
}
export function writeOtherToken(authCode: string): void {
  localStorage.setItem(LocalKeys.otherToken, JSON.stringify({ authCode }));
  changed();
}
export function removeOtherToken(): void {
  localStorage.removeItem(LocalKeys.otherToken);
  changed();
}

export function readAdminPath(): string {
  return localStorage.getItem(LocalKeys.adminPath) ?? '';
}
export function writeAdminPath(path: string): void {
  localStorage.setItem(LocalKeys.adminPath, path);
}

export function readForbiddenMessage(): string | null {
  return localStorage.getItem(LocalKeys.forbidden);
}
export function writeForbiddenMessage(msg: string): void {
  localStorage.setItem(LocalKeys.forbidden, msg);
}

export function readSiteTitle(): string {
  return localStorage.getItem(LocalKeys.siteTitle) ?? '';
}
export function writeSiteTitle(title: string): void {
  localStorage.setItem(LocalKeys.siteTitle, title);
}

/** Set right after a login; the next navigation clears it and shows the login notice. */
export function setLoginLogFlag(): void {
  localStorage.setItem(LocalKeys.loginLogFlag, '1');
}
/** Returns whether the flag was set, and clears it (so the notice shows once). */
export function takeLoginLogFlag(): boolean {
  const set = localStorage.getItem(LocalKeys.loginLogFlag) !== null;
  if (set) localStorage.removeItem(LocalKeys.loginLogFlag);
  return set;
}
