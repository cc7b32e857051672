import { describe, expect, it } from 'vitest';
import { decryptCallback, encryptForCallback, signRequest, signatureMatches, timestampFresh } from './signature.js';
import { apiOrderStatus } from './api-status.js';
import { notifyBackoff } from './notify.js';

describe('open API signature (卡易信 3.0)', () => {
  it('is md5(appId + secret + version + timestamp + body), lowercase hex (vector computed with Python hashlib)', () => {
    expect(signRequest('kp0123456789abcdef', 's3cr3t', '3.0', '1764201600', '{"goodsId":1}')).toBe(
      'bed05ef06d17cb8a7e903a4f14a986e0',
    );
  });
  it('matches case-insensitively and refuses other lengths', () => {
    expect(signatureMatches('bed05ef06d17cb8a7e903a4f14a986e0', 'BED05EF06D17CB8A7E903A4F14A986E0')).toBe(true);
    expect(signatureMatches('bed05ef06d17cb8a7e903a4f14a986e0', 'bed05ef0')).toBe(false);
  });
  it('takes 10-digit seconds within 300 s', () => {
    const now = 1_764_201_600_000;
    expect(timestampFresh('1764201600', now)).toBe(true);
    expect(timestampFresh('1764201900', now)).toBe(true);
    expect(timestampFresh('1764201901', now)).toBe(false);
    expect(timestampFresh('1764201299', now)).toBe(false);
    expect(timestampFresh('1764201600000', now)).toBe(false);
    expect(timestampFresh('17642016a0', now)).toBe(false);
  });
});

describe('callback encryption', () => {
  it('is AES-256-ECB/PKCS7 keyed by md5 hex of the secret, base64 (vector made with openssl enc)', () => {
    const plain = '[{"cardNo":"A1","cardPwd":"P1"}]';
    const vector = 'rM4ggygqE+RZtKFFnEYsh57aDFguoA/zIAabHUQAMsOQeuJWBOAx98vMd+8yiGtq';
    expect(encryptForCallback('s3cr3t', plain)).toBe(vector);
    expect(decryptCallback('s3cr3t', vector)).toBe(plain);
    expect(() => decryptCallback('other', vector)).toThrow();
  });
});

describe('API order status', () => {
  const o = (status: Parameters<typeof apiOrderStatus>[0]['status'], refundAmount = 0) => ({
    status,
    amount: 1000,
    refundAmount,
  });
  it('maps every order status to the 卡易信 numbers', () => {
    expect(apiOrderStatus(o('unpaid'))).toBe(0);
    expect(apiOrderStatus(o('paid'))).toBe(1);
    expect(apiOrderStatus(o('pending'))).toBe(2);
    expect(apiOrderStatus(o('shipped'))).toBe(2);
    expect(apiOrderStatus(o('delivered'))).toBe(3);
    expect(apiOrderStatus(o('expired'))).toBe(4);
    expect(apiOrderStatus(o('cancelled'))).toBe(4);
    expect(apiOrderStatus(o('refunded', 1000))).toBe(4);
    expect(apiOrderStatus(o('refunded', 400))).toBe(5);
    expect(apiOrderStatus(o('delivered', 400))).toBe(5);
    expect(apiOrderStatus(o('refund_due'))).toBe(9);
    expect(apiOrderStatus(o('delivered'), true)).toBe(8);
  });
  it('retries callbacks at 15 s, 15 s, 30 s, 3, 10, 20 and 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(notifyBackoff)).toEqual([15, 15, 30, 180, 600, 1200, 1800].map((s) => s * 1000));
  });
});
