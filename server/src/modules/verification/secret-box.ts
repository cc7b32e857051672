import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for secrets we must read back (open-API secrets for the md5 signature, SMTP and
 * SMS credentials, ID numbers). The key is a file under DATA_DIR/keys, made on first use with
 * owner-only permissions; back it up with the database.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    const dir = path.join(dataDir, 'keys');
    const file = path.join(dir, 'secret-box.key');
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      try {
        writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
      } catch (err) {
        // Another instance on the same data dir made it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      chmodSync(file, 0o600);
    }
    this.key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (this.key.length !== 32) throw new Error(`${file} must hold 32 bytes in base64`);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unknown secret box format');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** A key derived for keyed hashes (verification codes), separate from the encryption use. */
  get hashKey(): Buffer {
    return Buffer.concat([this.key, Buffer.from('kapu-code-hash')]);
  }
}

const boxes = new Map<string, SecretBox>();
/** One box per data dir (the key file is read once). */
export function secretBoxFor(dataDir: string): SecretBox {
  let box = boxes.get(dataDir);
  if (!box) boxes.set(dataDir, (box = new SecretBox(dataDir)));
  return box;
}
