import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { describe, expect, it, inject } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';
import { buildInstanceElsewhere, buildTestApp, type TestApp } from '../helper.js';

// The operator's documents must stay true (issue 16): every command and name they give is
// checked here against the code, and the PostgreSQL setup block is run as written.
const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const OPERATIONS = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
const DOCS = `${README}\n${OPERATIONS}`;
const PACKAGE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

function sourceText(): string {
  const files = [
    'server/src/core/config.ts',
    'server/src/main.ts',
    'server/src/core/secret-box.ts',
    'server/src/first-start.ts',
    'server/src/start-banner.ts',
    'scripts/start.mjs',
    'server/src/ops/cli.ts',
  ];
  return files
    .map((f) => {
      try {
        return readFileSync(path.join(REPO_ROOT, f), 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}

describe('README and docs/operations.md stay true', () => {
  it('every npm command they give exists', () => {
    const named = new Set([...DOCS.matchAll(/npm run (?:--silent )?([a-z][\w:-]*)/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(4);
    for (const script of named) expect(PACKAGE.scripts, `npm run ${script}`).toHaveProperty(script);
    for (const builtIn of ['start', 'test']) expect(PACKAGE.scripts).toHaveProperty(builtIn);
  });

  it('every setting in the configuration table is read by the code', () => {
    const table = [...README.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(table.length).toBeGreaterThan(10);
    const code = sourceText();
    for (const name of table) expect(code.includes(name), `${name} is documented but never read`).toBe(true);
  });

  it('every HTTP path they tell operators to call answers', async () => {
    const paths = new Set([...DOCS.matchAll(/GET (\/[a-z]+)\b/g)].map((m) => m[1]));
    expect(paths).toContain('/healthz');
    const t = await buildTestApp('sqlite');
    try {
      for (const p of paths) {
        const res = await t.app.inject({ method: 'GET', url: p, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, `GET ${p}`).toBeLessThan(400);
      }
    } finally {
      await t.dispose();
    }
  });

  it('the PostgreSQL setup block runs as written, and Kapu starts on the database it makes', async () => {
    const block = /<!-- tested: server\/test\/ops\/docs\.test\.ts[^>]*-->\s*```sql\n([\s\S]*?)```/.exec(
      OPERATIONS,
    )?.[1];
    expect(block).toBeTruthy();
    const role = `kapu_doc_${randomBytes(4).toString('hex')}`;
    const sql = block!.replaceAll('kapu', role);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      for (const statement of sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await admin.query(statement);
      const url = new URL(inject('pgAdminUrl'));
      url.username = role;
      url.password = 'change-me';
      url.pathname = `/${role}`;
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      expect((await check.query('select current_user as u')).rows[0].u).toBe(role);
      await check.end();
      // Kapu on it, as that role: first start creates the tables and serves.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'kapu-doc-'));
      const kapu = await buildInstanceElsewhere(
        { config: { databaseUrl: url.toString(), redisUrl: undefined } } as unknown as TestApp,
        dataDir,
      );
      try {
        expect((await kapu.post('/inside/goods/getDirs')).json.code).toBe(1000);
      } finally {
        await kapu.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
