import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { TarWriter, extractTar } from '../../src/ops/tar.js';

const dir = mkdtempSync(path.join(tmpdir(), 'kapu-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function archive(entries: Array<[string, string]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(out);
  for (const [name, body] of entries) await tar.addFile(name, Buffer.from(body));
  await tar.finish();
  return Buffer.concat(chunks);
}

async function* inPieces(buf: Buffer, size: number): AsyncIterable<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

describe('backup archive format (ustar)', () => {
  it('round-trips files with long names in odd-sized chunks, and GNU tar reads it', async () => {
    const long = `uploads/${'d'.repeat(90)}/${'f'.repeat(90)}.png`;
    const tarBytes = await archive([
      ['manifest.json', '{"a":1}'],
      [long, 'x'.repeat(1500)],
      ['empty.txt', ''],
    ]);
    const dest = path.join(dir, 'out');
    const names = await extractTar(inPieces(tarBytes, 333), dest);
    expect(names).toEqual(['manifest.json', long, 'empty.txt']);
    expect(readFileSync(path.join(dest, long), 'utf8')).toBe('x'.repeat(1500));
    const file = path.join(dir, 'a.tar');
    writeFileSync(file, tarBytes);
    const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
    if (listed.status === 0) expect(listed.stdout.trim().split('\n')).toEqual(['manifest.json', long, 'empty.txt']);
  });

  it('refuses paths that leave the target folder and archives cut short', async () => {
    const evil = await archive([['../evil.txt', 'x']]);
    await expect(extractTar(inPieces(evil, 512), path.join(dir, 'evil'))).rejects.toThrow(/unsafe path/);
    expect(existsSync(path.join(dir, 'evil.txt'))).toBe(false);
    const whole = await archive([['a.txt', 'y'.repeat(2000)]]);
    await expect(extractTar(inPieces(whole.subarray(0, 1024), 512), path.join(dir, 'cut'))).rejects.toThrow(
      /ends early/,
    );
  });
});
