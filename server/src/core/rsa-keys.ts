import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** PEM from a bare base64 key or a PEM text. */
export function pem(key: string, type: 'PUBLIC KEY' | 'PRIVATE KEY'): string {
  const k = key.trim();
  if (k.startsWith('-----')) return k;
  const body = k.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${type}-----\n${body}\n-----END ${type}-----`;
}

/** A private key from PEM or bare base64 (PKCS#8 or PKCS#1, as gateways hand them out). */
export function privateKeyOf(key: string): KeyObject {
  const k = key.trim();
  if (k.startsWith('-----')) return createPrivateKey(k);
  const der = Buffer.from(k.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key from PEM or bare base64 (SPKI), or a certificate PEM. */
export function publicKeyOf(key: string): KeyObject {
  const k = key.trim();
  if (k.startsWith('-----')) return createPublicKey(k);
  return createPublicKey({ key: Buffer.from(k.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}
