import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, answerExcerpt, newWebhookSecret, retryDelay, signWebhook } from './signing.js';

describe('webhook signing', () => {
  it('signs timestamp + "." + body with HMAC-SHA256 under the secret, as the decision record documents', () => {
    const secret = 'whsec_0123456789abcdef0123456789abcdef01234567';
    const body = '{"id":"whd_1","type":"order.paid","createdAt":"2026-01-01T00:00:00.000Z","data":{}}';
    const want = createHmac('sha256', secret).update(`1767225600.${body}`).digest('hex');
    expect(signWebhook(secret, 1767225600, body)).toBe(`sha256=${want}`);
    // Any change of timestamp, body or secret changes it.
    expect(signWebhook(secret, 1767225601, body)).not.toBe(`sha256=${want}`);
    expect(signWebhook(secret, 1767225600, `${body} `)).not.toBe(`sha256=${want}`);
    expect(signWebhook(`${secret}x`, 1767225600, body)).not.toBe(`sha256=${want}`);
    // A known vector, so receivers in other languages can check theirs.
    expect(signWebhook('whsec_test', 1700000000, '{}')).toBe(
      `sha256=${createHmac('sha256', 'whsec_test').update('1700000000.{}').digest('hex')}`,
    );
  });

  it('makes fresh 160-bit secrets', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{40}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('the retry schedule', () => {
  it('waits 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, then gives up after the 7th attempt', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(RETRY_DELAYS_MS).toHaveLength(6);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(retryDelay(0)).toBe(10_000);
    expect(retryDelay(99)).toBe(21_600_000);
  });
});

describe('answer excerpts', () => {
  it('keeps the first 500 characters without control characters', () => {
    expect(answerExcerpt('ok')).toBe('ok');
    expect(answerExcerpt('a\u0000b\u0007c\u001b[31md\u007f')).toBe('abc[31md');
    expect(answerExcerpt('  line one \r\n\n  line two  ')).toBe('line one\nline two');
    expect(Array.from(answerExcerpt('汉'.repeat(2000)))).toHaveLength(500);
    expect(answerExcerpt('x\ud800y')).toBe('xy');
    expect(answerExcerpt('😀'.repeat(3))).toBe('😀😀😀');
  });
});
