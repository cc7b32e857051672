/**
 * Navigation for code that lives outside React (HTTP client, guards' side effects).
 * The router registers itself at start; before that (and in unit tests) we fall back to
 * a full page load, which is also the right thing when the router is gone.
 */
export interface NavigateOptions {
  replace?: boolean;
}
export type Navigator = (to: string, options?: NavigateOptions) => void;

const locationNavigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let navigator: Navigator = locationNavigator;

export function setNavigator(next: Navigator | null): void {
  navigator = next ?? locationNavigator;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (options) navigator(to, options);
  else navigator(to);
}

/** First segment of a path or URL: '/abc/x?y' → 'abc'; '' when there is none. */
export function firstSegment(pathOrUrl: string): string {
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return '';
    }
  }
  path = path.split(/[?#]/)[0];
  return path.split('/').find((part) => part !== '') ?? '';
}
