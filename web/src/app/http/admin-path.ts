import { firstSegment } from '../router/navigation';

/**
 * The admin area lives under its secret first segment (route /:adminPath/…) and its calls go under
 * the same segment, so the client takes the admin path from the page the call is made on: pages
 * need not pass it along, and after the path is changed the next page load simply uses the new one.
 */
export function currentAdminPath(): string {
  return firstSegment(window.location.pathname);
}

/** `/{adminPath}/{path}` for an admin call. */
export function adminUrl(path: string): string {
  return `/${currentAdminPath()}/${path}`;
}
