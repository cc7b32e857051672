import { cookieName, type CookieKey } from '@/app/storage/cookies';

/** Raw cookie value by full name, to assert the real names the browser sees. */
export function rawCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function rawCookieOf(key: CookieKey): string | undefined {
  return rawCookie(cookieName(key));
}
