/**
 * A site owner sees who bought on their site only as far as they need to tell buyers apart:
 * login names and contacts are masked (a buyer may be a member of another site, or a visitor).
 */

/** Keeps the first and last characters of a text, the middle as ***: "buyer123" → "bu***23". */
function maskMiddle(text: string): string {
  const chars = [...text];
  if (chars.length <= 1) return chars.length ? `${chars[0]}***` : '';
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/** A member's login name as an owner sees it on an order. */
export function maskLoginName(name: string): string {
  return maskMiddle(name.trim());
}

/** A visitor's contact (mobile number, e-mail, QQ or other) as an owner sees it on an order. */
export function maskContact(contact: string): string {
  const text = contact.trim();
  if (/^1\d{10}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(-4)}`;
  const at = text.indexOf('@');
  if (at > 0) return `${maskMiddle(text.slice(0, at))}@${text.slice(at + 1)}`;
  return maskMiddle(text);
}
