import { once } from 'node:events';
import { closeSync, createReadStream, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

/**
 * The little of POSIX ustar that backups need: regular files and folders, written to a stream
 * (gzip it outside) and extracted from a stream of chunks. No dependency for fifty lines.
 */
const BLOCK = 512;

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`path too long for the backup archive: ${name}`);
}

function header(fullName: string, size: number, mode: number, mtime: number, type: '0' | '5'): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(fullName);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode & 0o7777, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async addDir(name: string, mode = 0o755): Promise<void> {
    await this.write(header(name.endsWith('/') ? name : `${name}/`, 0, mode, Date.now(), '5'));
  }

  async addFile(name: string, body: Buffer, mode = 0o644, mtime = Date.now()): Promise<void> {
    await this.write(header(name, body.length, mode, mtime, '0'));
    await this.write(body);
    const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /** Streams a file that does not change while it is read (the database copy), however large. */
  async addPath(name: string, file: string, mode = 0o644): Promise<void> {
    const { size, mtimeMs } = statSync(file);
    await this.write(header(name, size, mode, mtimeMs, '0'));
    let written = 0;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${file} changed while it was archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /** Writes the two end blocks and waits until the stream has flushed. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
    await once(this.out, 'finish');
  }
}

function readString(h: Buffer, start: number, length: number): string {
  const field = h.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(h: Buffer, start: number, length: number): number {
  const text = readString(h, start, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/** A name inside `dest`, or an error for absolute paths and `..` (a crafted archive). */
function safeTarget(dest: string, name: string): string {
  const target = path.resolve(dest, name);
  if (path.isAbsolute(name) || name.split('/').includes('..') || !(target + path.sep).startsWith(dest + path.sep)) {
    throw new Error(`unsafe path in archive: ${name}`);
  }
  return target;
}

/** Extracts regular files and folders into `dest`; returns the file names it wrote. */
export async function extractTar(input: AsyncIterable<Buffer>, destDir: string): Promise<string[]> {
  const dest = path.resolve(destDir);
  const names: string[] = [];
  let buf: Buffer = Buffer.alloc(0);
  let fd: number | null = null;
  let remaining = 0;
  let pad = 0;
  let ended = false;
  try {
    for await (const chunk of input) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      while (!ended) {
        if (remaining > 0) {
          const n = Math.min(remaining, buf.length);
          if (n === 0) break;
          if (fd !== null) writeSync(fd, buf, 0, n);
          buf = buf.subarray(n);
          remaining -= n;
          if (remaining === 0 && fd !== null) {
            closeSync(fd);
            fd = null;
          }
          continue;
        }
        if (pad > 0) {
          const n = Math.min(pad, buf.length);
          if (n === 0) break;
          buf = buf.subarray(n);
          pad -= n;
          continue;
        }
        if (buf.length < BLOCK) break;
        const h = buf.subarray(0, BLOCK);
        buf = buf.subarray(BLOCK);
        if (h.every((b) => b === 0)) {
          ended = true;
          break;
        }
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
        if (sum !== readOctal(h, 148, 8)) throw new Error('damaged archive (header checksum)');
        const prefix = readString(h, 345, 155);
        const name = (prefix ? `${prefix}/` : '') + readString(h, 0, 100);
        const size = readOctal(h, 124, 12);
        const type = String.fromCharCode(h[156]!);
        const mode = readOctal(h, 100, 8) & 0o777;
        remaining = size;
        pad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type === '5') mkdirSync(safeTarget(dest, name), { recursive: true });
        else if (type === '0' || type === '\0') {
          const target = safeTarget(dest, name);
          mkdirSync(path.dirname(target), { recursive: true });
          fd = openSync(target, 'w', mode || 0o644);
          names.push(name);
          if (size === 0) {
            closeSync(fd);
            fd = null;
          }
        }
        // Any other entry type is skipped with its body (remaining bytes go nowhere).
      }
    }
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (!ended || remaining > 0) throw new Error('archive ends early (incomplete file)');
  return names;
}
