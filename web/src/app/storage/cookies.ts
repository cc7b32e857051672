import { COOKIE_DAYS, STORAGE_PREFIX } from '@kapu/contract';

/** The cookies the app reads or writes; the real name is STORAGE_PREFIX + key. */
export type CookieKey = 'token-admin' | 'u-query-day' | 'verifyRole' | 'roleIds' | 'uuid';

export function cookieName(key: CookieKey): string {
  return `${STORAGE_PREFIX}${key}`;
}

export function getCookie(key: CookieKey): string | undefined {
  const name = `${cookieName(key)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(name)) return decodeURIComponent(item.slice(name.length));
  }
  return undefined;
}

export function setCookie(key: CookieKey, value: string, days: number = COOKIE_DAYS): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${cookieName(key)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(key: CookieKey): void {
  document.cookie = `${cookieName(key)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

/** The per-browser id that keys saved page data and log entries; created on first use. */
export function ensureUuid(): string {
  const existing = getCookie('uuid');
  if (existing) return existing;
  const id =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  setCookie('uuid', id);
  return id;
}
