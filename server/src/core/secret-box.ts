import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomFillSync } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** IVs are cut from one block of CSPRNG output: one call per 4,096 seals instead of one each (bulk imports). */
const IV_POOL = IV_BYTES * 4096;

/**
 * Seals secrets at rest (invariant 6): AES-256-GCM with a random IV per value, stored as
 * base64url(iv | tag | ciphertext), and an HMAC-SHA256 of the plain text for dedupe
 * (UNIQUE(goods_id, hmac)) and exact search. Both keys are derived from one 32-byte master
 * key (HKDF) under a label per use ('card' for card secrets, 'secrets' for stored
 * credentials), so an operator backs up one key file per use and no two uses share a key.
 */
export class SecretBox {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;
  private readonly ivPool = Buffer.alloc(IV_POOL);
  private ivOffset = IV_POOL;

  constructor(masterKey: Buffer, label = 'card') {
    if (masterKey.length !== 32) throw new Error('the master key must be 32 bytes');
    this.encKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `kapu ${label} aes-256-gcm`, 32));
    this.macKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `kapu ${label} hmac-sha256`, 32));
  }

  /** The derived keys, for a worker thread that seals in bulk (core/seal-worker.ts) — nowhere else. */
  get bulkKeys(): { encKey: Buffer; macKey: Buffer } {
    return { encKey: this.encKey, macKey: this.macKey };
  }

  /** The derived key for keyed hashes of short secrets (verification codes, ID numbers). */
  get hashKey(): Buffer {
    return this.macKey;
  }

  /** A fresh random IV; every byte of the pool is handed out once. */
  private nextIv(): Buffer {
    if (this.ivOffset === IV_POOL) {
      randomFillSync(this.ivPool);
      this.ivOffset = 0;
    }
    const iv = this.ivPool.subarray(this.ivOffset, this.ivOffset + IV_BYTES);
    this.ivOffset += IV_BYTES;
    return iv;
  }

  seal(plain: string): string {
    const iv = this.nextIv();
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** Throws when the value was altered or sealed with another key. */
  open(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** Deterministic fingerprint of the plain text (hex), for dedupe and exact lookup. */
  fingerprint(plain: string): string {
    return createHmac('sha256', this.macKey).update(plain, 'utf8').digest('hex');
  }
}

/** The key files of a data folder, each with the environment variable that may give it directly. */
export const KEY_FILES = { 'card.key': 'CARD_KEY', 'secret-box.key': 'SECRETS_KEY' } as const;
export type KeyFile = keyof typeof KEY_FILES;

function base64Key(text: string, what: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${what} must be base64 of exactly 32 bytes`);
  return key;
}

/** A key derived from a master key: the same master gives every instance the same keys. */
function derived(master: Buffer, name: KeyFile): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `kapu key file ${name}`, 32));
}

/**
 * Where each key comes from, first match wins (docs/operations.md, 密钥):
 * 1. its own variable: CARD_KEY for card.key, SECRETS_KEY for secret-box.key;
 * 2. KAPU_MASTER_KEY: every key derived from one master key (the way to run several instances
 *    from the environment alone, with empty data folders);
 * 3. the file `${keysDir}/<name>`;
 * 4. CARD_KEY alone (older deployments): the other keys are derived from it, so instances that
 *    share only CARD_KEY still hold the same keys;
 * 5. a new random file (first start), unless `create` is false (answers null).
 */
export function resolveKey(keysDir: string, name: KeyFile, env: NodeJS.ProcessEnv, create: boolean): Buffer | null {
  const own = env[KEY_FILES[name]]?.trim();
  if (own) return base64Key(own, KEY_FILES[name]);
  const master = env.KAPU_MASTER_KEY?.trim();
  if (master) return derived(base64Key(master, 'KAPU_MASTER_KEY'), name);
  const file = path.join(keysDir, name);
  if (existsSync(file)) return base64Key(readFileSync(file, 'utf8'), file);
  const cardKey = env.CARD_KEY?.trim();
  if (cardKey) return derived(base64Key(cardKey, 'CARD_KEY'), name);
  return create ? loadKeyFile(path.dirname(keysDir), name) : null;
}

/** Whether the environment gives every key, so a data folder needs no keys/ at all. */
export function keysFromEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.KAPU_MASTER_KEY?.trim() || env.CARD_KEY?.trim());
}

/** The card master key (see resolveKey). Losing it makes the stored cards unreadable. */
export function loadCardKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  return resolveKey(path.join(dataDir, 'keys'), 'card.key', env, true)!;
}

/** A 32-byte key in `${dataDir}/keys/<name>`, generated on first use with mode 0600. */
export function loadKeyFile(dataDir: string, name: string): Buffer {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Written aside, then linked into place: of processes starting at once on one DATA_DIR
    // only one creates it, and none reads a file that exists but is still empty.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
    chmodSync(file, 0o600);
  }
  return base64Key(readFileSync(file, 'utf8'), file);
}

const boxes = new Map<string, SecretBox>();
/** One box per data directory (tests run several apps in one process). */
export function cardBoxFor(dataDir: string): SecretBox {
  let box = boxes.get(dataDir);
  if (!box) {
    box = new SecretBox(loadCardKey(dataDir));
    boxes.set(dataDir, box);
  }
  return box;
}
