import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Module boundaries as data (issue 11 and docs/architecture.md): which module owns each table,
 * and a scanner for the three crossings the structure forbids:
 * - `import`: a file importing another module's file other than its `index.ts`;
 * - `table`: a query in a module naming a table another module owns;
 * - `flows`: a module importing `flows/` (routes call flows, flows call modules, never back).
 */

/** The tables files: core's own and one per module; each declares `export interface <X>Tables { table: … }`. */
export function tablesFiles(srcRoot: string): { owner: string; file: string }[] {
  const modulesDir = path.join(srcRoot, 'modules');
  return [
    { owner: 'core', file: path.join(srcRoot, 'core/db/tables.ts') },
    ...readdirSync(modulesDir)
      .map((m) => ({ owner: m, file: path.join(modulesDir, m, 'tables.ts') }))
      .filter((f) => existsSync(f.file)),
  ];
}

/** The tables each tables file declares, by owner (a table declared twice shows up under both). */
export function declaredTables(srcRoot: string): { owner: string; table: string }[] {
  return tablesFiles(srcRoot).flatMap(({ owner, file }) => {
    const text = readFileSync(file, 'utf8');
    const block = /export interface \w+Tables \{([\s\S]*?)\n\}/.exec(text);
    if (!block) return [];
    return [...block[1].matchAll(/^\s+([a-z_]+): \w+;/gm)].map((m) => ({ owner, table: m[1] }));
  });
}

export const TABLE_OWNERS: Record<string, string> = Object.fromEntries(
  declaredTables(path.resolve(import.meta.dirname, '../../src')).map(({ owner, table }) => [table, owner]),
);

export interface Crossing {
  kind: 'import' | 'table' | 'flows';
  /** File, relative to server/src. */
  file: string;
  /** The imported path or the table named. */
  target: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

const QUERY =
  /\b(?:selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)(?:\s+as\s+\w+)?'/g;
const RAW_TABLE = /\b(?:from|join|update|into)\s+([a-z_]+)\b/gi;
const IMPORT = /\bfrom\s+'(\.[^']+)'/g;

/** The crossings in server/src, one entry per file and target (several uses in a file count once). */
export function crossings(srcRoot: string): Crossing[] {
  const modulesDir = path.join(srcRoot, 'modules');
  const found = new Map<string, Crossing>();
  const add = (c: Crossing) => found.set(`${c.kind}|${c.file}|${c.target}`, c);
  for (const file of filesUnder(srcRoot)) {
    const rel = path.relative(srcRoot, file).split(path.sep).join('/');
    const owner = rel.startsWith('modules/') ? rel.split('/')[1] : null;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = path
        .relative(srcRoot, path.resolve(path.dirname(file), m[1]))
        .split(path.sep)
        .join('/');
      if (owner && target.startsWith('flows/')) add({ kind: 'flows', file: rel, target });
      const targetModule = target.startsWith('modules/') ? target.split('/')[1] : null;
      if (targetModule && targetModule !== owner && !/^modules\/[^/]+\/index\.js$/.test(target))
        add({ kind: 'import', file: rel, target });
    }
    if (!owner) continue;
    const tables = new Set<string>();
    for (const m of text.matchAll(QUERY)) tables.add(m[1]);
    // Raw SQL in template strings (the PostgreSQL fast paths).
    for (const block of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g))
      for (const m of block[1].matchAll(RAW_TABLE))
        if (m[1].toLowerCase() in TABLE_OWNERS) tables.add(m[1].toLowerCase());
    for (const table of tables) {
      const tableOwner = TABLE_OWNERS[table];
      if (tableOwner && tableOwner !== owner && tableOwner !== 'core') add({ kind: 'table', file: rel, target: table });
    }
  }
  void modulesDir;
  return [...found.values()].sort((a, b) =>
    `${a.kind}${a.file}${a.target}`.localeCompare(`${b.kind}${b.file}${b.target}`),
  );
}
