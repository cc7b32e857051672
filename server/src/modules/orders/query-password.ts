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

function keyFor(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadCardKey(dataDir), Buffer.alloc(0), 'kapu order query-password hmac-sha256', 32));
    keys.set(dataDir, key);
  }
  return key;
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
export async function verifyQueryPassword(dataDir: string, orderNo: string, stored: string | null | undefined, password: string): Promise<boolean> {
  const given = mac(dataDir, orderNo, password);
  if (!stored) return false;
  if (stored.startsWith(PREFIX)) {
    const expected = Buffer.from(stored.slice(PREFIX.length), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
  return stored.startsWith('scrypt$') ? verifyPassword(password, stored) : false;
}
