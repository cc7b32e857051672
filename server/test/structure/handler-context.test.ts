import path from 'node:path';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';

/**
 * Handlers of member and staff calls get an `ActorContext` (core/calls.ts), and services that
 * need the actor say so in their parameter type, so nothing asserts `ctx.actor!` any more.
 */
const ALLOWED: ReadonlyArray<{ file: RegExp; why: string }> = [];

const SRC = path.join(REPO_ROOT, 'server/src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe('handler context narrowed by auth kind', () => {
  it('no `actor!` outside the allow-list', () => {
    const found = filesUnder(SRC).flatMap((file) => {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (ALLOWED.some((a) => a.file.test(rel))) return [];
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/\bactor!/g)].map((m) => `${rel}:${text.slice(0, m.index).split('\n').length}`);
    });
    expect(found, 'take an ActorContext (core/context.ts) instead').toEqual([]);
  });
});
