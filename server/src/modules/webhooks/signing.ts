import { createHmac, randomBytes } from 'node:crypto';

/**
 * What a receiver checks (docs/decisions/0017-webhooks.md): `X-Kapu-Signature: sha256=<hex>` where
 * hex = HMAC-SHA256(key = the subscription's secret as shown, message = timestamp + "." + raw body),
 * timestamp = `X-Kapu-Timestamp` (Unix seconds). Receivers should refuse timestamps more than five
 * minutes away from their clock (a replayed capture) and compare in constant time.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A fresh signing secret: `whsec_` and 40 hex characters (160 bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(20).toString('hex')}`;
}

/**
 * Waits before the retries: after the 1st failed attempt 10 s, then 1 min, 5 min, 30 min, 2 h and
 * 6 h; the 7th failed attempt gives up (the delivery is failed; a replay sends it again).
 */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the `attempt`-th failed attempt (1-based); the last delay for anything beyond. */
export function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1]!;
}

export const EXCERPT_CHARS = 500;

/**
 * A receiver's answer as the log keeps it: the first 500 characters, control characters (other than
 * line breaks and tabs) and lone surrogates removed, runs of blank space folded. Shown as plain text.
 */
export function answerExcerpt(body: string): string {
  const cleaned = body
    .slice(0, EXCERPT_CHARS * 2)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return Array.from(cleaned).slice(0, EXCERPT_CHARS).join('');
}
