import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';
import { crossings, declaredTables, tablesFiles, TABLE_OWNERS } from './boundaries.js';
import { KNOWN_CROSSINGS } from './known-crossings.js';

/** Approved exceptions, each justified by a decision record (docs/decisions/). Keep it short. */
const ALLOWED: ReadonlyArray<{ kind: 'import' | 'table' | 'flows'; file: RegExp; target: RegExp; why: string }> = [
  {
    kind: 'import',
    file: /^core\/db\/schema\.ts$/,
    target: /^modules\/[^/]+\/tables\.js$/,
    why: "the Database type is composed from every owner's table types (types only): decision 0006",
  },
  {
    kind: 'table',
    file: /^modules\/funds\/funds\.repo\.ts$/,
    target: /^users$/,
    why: "users.balance is the funds module's column, written only with its ledger row: decision 0007",
  },
  {
    kind: 'table',
    file: /^modules\/funds\/reconcile\.service\.ts$/,
    target: /^(orders|payments|recharges|users)$/,
    why: "the daily reconciliation audits other modules' money tables read-only, in one snapshot: decision 0008",
  },
];

const SRC = path.join(REPO_ROOT, 'server/src');
const key = (k: string, f: string, t: string) => `${k} ${f} → ${t}`;

describe('module boundaries (docs/architecture.md)', () => {
  const found = crossings(SRC).filter(
    (c) => !ALLOWED.some((a) => a.kind === c.kind && a.file.test(c.file) && a.target.test(c.target)),
  );
  const known = new Set(KNOWN_CROSSINGS.map(([k, f, t]) => key(k, f, t)));
  const now = new Set(found.map((c) => key(c.kind, c.file, c.target)));

  it('adds no new crossing: other modules through their index only, no foreign tables, no flows from modules', () => {
    const added = [...now].filter((c) => !known.has(c));
    expect(added, 'move the code into the owning module, or call the owner through its index.ts').toEqual([]);
  });

  it('the list of known crossings only shrinks: a crossing that is gone leaves the list', () => {
    const gone = [...known].filter((c) => !now.has(c));
    expect(gone, 'delete these lines from server/test/structure/known-crossings.ts').toEqual([]);
  });

  it('every table is declared in exactly one tables file, the database type composes them all, and docs/architecture.md lists the same owners', () => {
    const declared = declaredTables(SRC);
    const twice = declared.filter((d, i) => declared.findIndex((e) => e.table === d.table) !== i);
    expect(twice, 'a table belongs to one module: declare it in one tables file').toEqual([]);
    expect(declared.length).toBeGreaterThan(30);
    const schema = readFileSync(path.join(SRC, 'core/db/schema.ts'), 'utf8');
    const composed = /export interface Database\s+extends([^{]*)\{/
      .exec(schema)![1]
      .split(',')
      .map((s) => s.trim());
    const files = tablesFiles(SRC).map(
      ({ file }) => /export interface (\w+Tables) \{/.exec(readFileSync(file, 'utf8'))![1],
    );
    expect(composed.sort()).toEqual(files.sort());
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    for (const [table, owner] of Object.entries(TABLE_OWNERS))
      expect(doc, `${table} → ${owner}`).toMatch(new RegExp(`\\| \`${owner}\` \\|[^\\n]*\`${table}\``));
  });
});
