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

/**
 * The card master key: env CARD_KEY (base64 of 32 bytes) when set; otherwise
 * `${dataDir}/keys/card.key`. Losing it makes the stored cards unreadable.
 */
export function loadCardKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.CARD_KEY?.trim();
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('CARD_KEY must be base64 of exactly 32 bytes');
    return key;
  }
  return loadKeyFile(dataDir, 'card.key');
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
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold base64 of exactly 32 bytes`);
  return key;
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
