import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox, loadCardKey, resolveKey } from './secret-box.js';
import { SealWorker, sealWorkerFor } from './seal-worker.js';

describe('secret box', () => {
  const box = new SecretBox(randomBytes(32));
  const dir = mkdtempSync(path.join(tmpdir(), 'kapu-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips text with a fresh IV each time', () => {
    const a = box.seal('卡号 1234----密码 abcd');
    const b = box.seal('卡号 1234----密码 abcd');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234');
    expect(box.open(a)).toBe('卡号 1234----密码 abcd');
  });

  it('never repeats an IV, across refills of the IV pool', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i++) ivs.add(Buffer.from(box.seal('x'), 'base64url').subarray(0, 12).toString('hex'));
    expect(ivs.size).toBe(10_000);
  });

  it('the bulk sealing worker seals and fingerprints exactly like the box', async () => {
    const plains = Array.from({ length: 5000 }, (_, i) => `卡号${i}----密码${i * 7}`);
    const { secrets, hmacs } = await sealWorkerFor(box).seal(plains);
    expect(secrets.map((s) => box.open(s))).toEqual(plains);
    expect(hmacs).toEqual(plains.map((p) => box.fingerprint(p)));
    expect(new Set(secrets.map((s) => Buffer.from(s, 'base64url').subarray(0, 12).toString('hex'))).size).toBe(5000);
  });

  it('the sealing worker stops when idle (its memory goes back) and starts again on the next batch', async () => {
    const worker = new SealWorker(box, 50);
    expect((await worker.seal(['a----1'])).secrets.map((x) => box.open(x))).toEqual(['a----1']);
    expect(worker.running).toBe(true);
    await expect.poll(() => worker.running, { timeout: 5_000 }).toBe(false);
    const [again, other] = await Promise.all([worker.seal(['b----2']), worker.seal(['c----3'])]);
    expect([...again.secrets, ...other.secrets].map((x) => box.open(x))).toEqual(['b----2', 'c----3']);
  });

  it('refuses altered values and other keys', () => {
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(raw.toString('base64url'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('fingerprints deterministically per key', () => {
    expect(box.fingerprint('x')).toBe(box.fingerprint('x'));
    expect(box.fingerprint('x')).not.toBe(box.fingerprint('y'));
    expect(new SecretBox(randomBytes(32)).fingerprint('x')).not.toBe(box.fingerprint('x'));
    expect(box.fingerprint('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates the key file once with mode 0600, and prefers CARD_KEY', () => {
    const k1 = loadCardKey(dir, {});
    const k2 = loadCardKey(dir, {});
    expect(k1.equals(k2)).toBe(true);
    expect(statSync(path.join(dir, 'keys', 'card.key')).mode & 0o777).toBe(0o600);
    const env = randomBytes(32);
    expect(loadCardKey(dir, { CARD_KEY: env.toString('base64') }).equals(env)).toBe(true);
    expect(() => loadCardKey(dir, { CARD_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });

  it('resolves keys: own variable, then KAPU_MASTER_KEY, then the file, then CARD_KEY alone, then a new file', () => {
    const keysDir = path.join(dir, 'resolve', 'keys');
    const master = randomBytes(32).toString('base64');
    const own = randomBytes(32);
    // The master key gives each key file its own key, the same on every instance.
    const a = resolveKey(keysDir, 'card.key', { KAPU_MASTER_KEY: master }, false)!;
    const b = resolveKey(keysDir, 'secret-box.key', { KAPU_MASTER_KEY: master }, false)!;
    expect(
      a.equals(resolveKey(path.join(dir, 'elsewhere', 'keys'), 'card.key', { KAPU_MASTER_KEY: master }, false)!),
    ).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(
      resolveKey(
        keysDir,
        'secret-box.key',
        { KAPU_MASTER_KEY: master, SECRETS_KEY: own.toString('base64') },
        false,
      )!.equals(own),
    ).toBe(true);
    // Nothing given and create=false: no key, no file written.
    expect(resolveKey(keysDir, 'card.key', {}, false)).toBeNull();
    expect(existsSync(keysDir)).toBe(false);
    // CARD_KEY alone: the card key itself, and the other keys derived from it (no file needed).
    const card = randomBytes(32).toString('base64');
    const secrets = resolveKey(keysDir, 'secret-box.key', { CARD_KEY: card }, false)!;
    expect(
      secrets.equals(resolveKey(path.join(dir, 'other', 'keys'), 'secret-box.key', { CARD_KEY: card }, false)!),
    ).toBe(true);
    // A file, once there, wins over CARD_KEY-derived keys (older single-instance deployments keep theirs).
    const file = resolveKey(keysDir, 'secret-box.key', {}, true)!;
    expect(existsSync(path.join(keysDir, 'secret-box.key'))).toBe(true);
    expect(resolveKey(keysDir, 'secret-box.key', { CARD_KEY: card }, false)!.equals(file)).toBe(true);
    expect(() => resolveKey(keysDir, 'card.key', { KAPU_MASTER_KEY: 'c2hvcnQ=' }, false)).toThrow(
      /KAPU_MASTER_KEY must be base64 of exactly 32 bytes/,
    );
  });
});
