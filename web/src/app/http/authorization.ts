import { firstSegment } from '../router/navigation';
import { readAdminPath, readAdminToken, readOtherToken, readUserToken } from '../storage/local';

export interface StoredCredentials {
  adminPath: string;
  adminToken: string | null;
  otherToken: string | null;
  userToken: string | null;
}

export function storedCredentials(): StoredCredentials {
  return {
    adminPath: readAdminPath(),
    adminToken: readAdminToken(),
    otherToken: readOtherToken(),
    userToken: readUserToken(),
  };
}

/**
 * Spec §6: the request URL's first segment picks the session. The stored admin path (when set)
 * → admin_token; 'other' → other_token.authCode; anything else → token.authCode.
 */
export function authorizationFor(url: string, stored: StoredCredentials = storedCredentials()): string {
  const segment = firstSegment(url);
  if (stored.adminPath !== '' && segment === stored.adminPath) return stored.adminToken ?? '';
  if (segment === 'other') return stored.otherToken ?? '';
  return stored.userToken ?? '';
}
