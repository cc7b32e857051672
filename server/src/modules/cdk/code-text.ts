import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { CDK_ALPHABET, CDK_LENGTH, CDK_SHORT_LENGTH } from '@kapu/contract';
import { loadCardKey } from '../../core/secret-box.js';

/**
 * The text of redemption codes (decision 0013): 24 characters of a 32-letter alphabet without
 * 0/1/I/O (120 random bits), shown in groups of four; short link ids of 10 (50 bits). A code is
 * stored as HMAC-SHA256 under a key derived from the card master key with its own label, so a
 * database leak without the key file reveals no unused code, and lookup is one indexed equality.
 */
const ALPHABET = CDK_ALPHABET;
const BITS = 5;
const CODE_BYTES = (CDK_LENGTH * BITS) / 8; // 15
const SHORT_BYTES = 7; // 56 bits read, 50 used
const VALID = new RegExp(`^[${ALPHABET}]{${CDK_LENGTH}}$`);

/** Base-32 letters from random bytes, `length` of them (5 bits each, most significant first). */
function letters(bytes: Buffer, offset: number, length: number): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  let i = offset;
  while (out.length < length) {
    if (bits < BITS) {
      acc = ((acc << 8) | bytes[i++]!) & 0xffff;
      bits += 8;
    }
    bits -= BITS;
    out += ALPHABET[(acc >> bits) & 31];
  }
  return out;
}

/** `n` fresh codes and short ids, from one draw of random bytes. */
export function freshCodes(n: number): Array<{ code: string; short: string }> {
  const per = CODE_BYTES + SHORT_BYTES;
  const bytes = randomBytes(per * n);
  const out = new Array<{ code: string; short: string }>(n);
  for (let k = 0; k < n; k++) {
    const at = k * per;
    out[k] = { code: letters(bytes, at, CDK_LENGTH), short: letters(bytes, at + CODE_BYTES, CDK_SHORT_LENGTH) };
  }
  return out;
}

/**
 * What people type, as stored: upper case, without spaces or separators; undefined when it cannot
 * be a code (then nothing is looked up).
 */
export function normaliseCode(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s\-_.·—]/g, '');
  return VALID.test(plain) ? plain : undefined;
}

/** ABCD-EFGH-…: how a code is shown and exported. */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** The first and last four characters, for support lists (`ABCD-****-…-WXYZ`). */
export function hintOf(code: string): string {
  return `${code.slice(0, 4)}${code.slice(-4)}`;
}
export function maskedHint(hint: string): string {
  return `${hint.slice(0, 4)}-****-****-****-****-${hint.slice(4)}`;
}

const keys = new Map<string, Buffer>();
function keyFor(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadCardKey(dataDir), Buffer.alloc(0), 'kapu cdk code hmac-sha256', 32));
    keys.set(dataDir, key);
  }
  return key;
}

/** The stored form of a (normalised) code. */
export function codeHasher(dataDir: string): (code: string) => string {
  const key = keyFor(dataDir);
  return (code) => createHmac('sha256', key).update(code, 'utf8').digest('hex');
}

/** The short link of a code: the code rides in the fragment, which browsers never send to a server. */
export function shortLink(prefix: string, short: string, code: string): string {
  return `${prefix}/cdk/short/${short}#${groupCode(code)}`;
}
