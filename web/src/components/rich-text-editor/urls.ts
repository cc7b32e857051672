/**
 * Addresses the editor accepts for links and images. Both server sanitisers (goods
 * descriptions and announcements) keep http(s) and site-relative paths and drop everything
 * else, so the dialog refuses anything else up front instead of letting it vanish on save.
 */
export function normalizeEditorUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  // Site-relative, e.g. an uploaded image (/uploads/…); "//host" is protocol-relative and refused by the server.
  if (text.startsWith('/')) return text.startsWith('//') || /\s/.test(text) ? null : text;
  // "example.com/help" typed without a scheme: assume https, as a browser's address bar does.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return url.href;
}

/** The editor's HTML for an empty document is "<p></p>"; a form wants "" so required rules work. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<p>(\s|<br\s*\/?>)*<\/p>/gi, '').trim() === '';
}
