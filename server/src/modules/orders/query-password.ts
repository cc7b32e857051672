import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../../core/crypto.js';
import { loadCardKey } from '../../core/secret-box.js';

/**
 * Order query passwords (visitor lookup, /chadan): HMAC-SHA256 under a server key derived
 * from the card key with its own HKDF label, over the order number and the password, stored
 * as `hmac$<hex>` (docs/decisions/0004-order-query-password-hmac.md). A database leak without
 * the key file reveals nothing to brute-force; guessing online is rate-limited per IP and per
 * order. Binding the order number means two orders with one password do not share a hash.
 */
const PREFIX = 'hmac$';
const keys = new Map<string, Buffer>();

function keyFor(dataDir: string, label = 'kapu order query-password hmac-sha256'): Buffer {
  const id = `${label}\0${dataDir}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadCardKey(dataDir), Buffer.alloc(0), label, 32));
    keys.set(id, key);
  }
  return key;
}

/**
 * A visitor order's access token: handed to the browser that created the order or proved its
 * query password, and enough to read the order's status later (本机订单) without sending the
 * password again. Unguessable (HMAC under its own derived key), so it needs no guessing budget.
 */
export function visitorOrderToken(dataDir: string, orderNo: string): string {
  return createHmac('sha256', keyFor(dataDir, 'kapu visitor order access token')).update(orderNo, 'utf8').digest('hex');
}

function mac(dataDir: string, orderNo: string, password: string): Buffer {
  return createHmac('sha256', keyFor(dataDir)).update(orderNo, 'utf8').update('\0').update(password, 'utf8').digest();
}

/** The stored form of an order's query password. */
export function hashQueryPassword(dataDir: string, orderNo: string, password: string): string {
  return PREFIX + mac(dataDir, orderNo, password).toString('hex');
}

/**
 * True when `password` is the order's query password. Always computes one HMAC, also when
 * there is no stored value, so the answer takes the same time either way. Rows written before
 * the switch (scrypt, pre-release) still verify, slowly.
 */
export async function verifyQueryPassword(
  dataDir: string,
  orderNo: string,
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  const given = mac(dataDir, orderNo, password);
  if (!stored) return false;
  if (stored.startsWith(PREFIX)) {
    const expected = Buffer.from(stored.slice(PREFIX.length), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
  return stored.startsWith('scrypt$') ? verifyPassword(password, stored) : false;
}
