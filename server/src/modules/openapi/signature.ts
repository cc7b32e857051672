import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { OPENAPI_SKEW_SECONDS } from '@kapu/contract';
import { safeEqual } from '../../core/crypto.js';

/**
 * The 卡易信 3.0 request signature: md5(appId + appSecret + version + timestamp + rawBody), lowercase
 * hex. The body is signed as the bytes sent, so the server checks it before parsing.
 */
export function signRequest(appId: string, appSecret: string, version: string, timestamp: string, rawBody: string) {
  return createHash('md5').update(`${appId}${appSecret}${version}${timestamp}${rawBody}`, 'utf8').digest('hex');
}

/** Compares in constant time (a wrong length answers false at once; the length is no secret). */
export function signatureMatches(expected: string, given: string): boolean {
  return safeEqual(expected, given.toLowerCase());
}

/** A 10-digit seconds timestamp within the allowed skew of `nowMs`. */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{10}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - Math.floor(nowMs / 1000)) <= OPENAPI_SKEW_SECONDS;
}

/**
 * The callback cipher's key: the md5 hex of the app secret as 32 ASCII bytes (AES-256). The
 * established shape keys AES with the secret; a secret of any length becomes exactly 32 bytes this way.
 */
function callbackKey(appSecret: string): Buffer {
  return Buffer.from(createHash('md5').update(appSecret, 'utf8').digest('hex'), 'ascii');
}

/** AES-256-ECB with PKCS#7 padding, base64: how card data travels in order callbacks. */
export function encryptForCallback(appSecret: string, plain: string): string {
  const cipher = createCipheriv('aes-256-ecb', callbackKey(appSecret), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** The receiver's side of `encryptForCallback` (tests and the docs' examples). */
export function decryptCallback(appSecret: string, base64: string): string {
  const decipher = createDecipheriv('aes-256-ecb', callbackKey(appSecret), null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}
