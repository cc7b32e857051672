import path from 'node:path';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';

/**
 * Every status column changes through its declared machine (core/fsm.ts: `statusUpdate` /
 * `moveStatus`), never by an update that names the column itself. Inserts may set the first status.
 */
const ALLOWED: ReadonlyArray<{ file: RegExp; why: string }> = [
  { file: /^core\/fsm\.ts$/, why: 'the writer itself' },
  { file: /^core\/jobs\.ts$/, why: 'the job queue claims and finishes its own rows; no domain state' },
  {
    file: /^flows\/checkout-pg\.ts$/,
    why: 'the one-statement PostgreSQL checkout (docs/benchmarks.md) sells cards inside its CTE; it asserts the move on cardMachine',
  },
];

const SRC = path.join(REPO_ROOT, 'server/src');
const STATUS_SET = /\.set\(\s*\{[^}]*?\b(?:status|repeal_status)\b\s*[:,}]/g;
/** The same in raw SQL: `update cards set …, status = …`. */
const RAW_STATUS_SET = /\bupdate\s+\w+\s+set\b[^;`]*?\b(?:status|repeal_status)\s*=/gi;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** `file:line` of each `.set({ … status … })` outside the writer. */
export function statusWrites(srcRoot: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(srcRoot)) {
    const rel = path.relative(srcRoot, file).split(path.sep).join('/');
    if (ALLOWED.some((a) => a.file.test(rel))) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of [...text.matchAll(STATUS_SET), ...text.matchAll(RAW_STATUS_SET)])
      found.push(`${rel}:${text.slice(0, m.index).split('\n').length}`);
  }
  return found;
}

describe('status columns change only through a declared machine', () => {
  it('no update sets a status column outside core/fsm.ts', () => {
    expect(statusWrites(SRC), 'use statusUpdate/moveStatus with the module’s machine (core/fsm.ts)').toEqual([]);
  });

  it('the scanner sees a direct write', () => {
    const sample = `await db.updateTable('orders').set({ status: 'paid', paid_at: now }).where('id', '=', 1)`;
    expect([...sample.matchAll(STATUS_SET)]).toHaveLength(1);
    expect([...`.set({ repeal_status, note })`.matchAll(STATUS_SET)]).toHaveLength(1);
    expect([...'update cards set sold_at = 1, status = 2 where'.matchAll(RAW_STATUS_SET)]).toHaveLength(1);
  });
});
