import { Codes } from '@kapu/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/core/route-table.js';
import { adminLogin, buildTestApp, dialects, registerMember, someLoopbackIp, type TestApp } from '../helper.js';

/**
 * The outside probe, as a test: every POST call of the registered route table (not a hand list)
 * gets malformed bodies — field by field, as form fields and as JSON — from the identity its
 * area needs, and every call gets an empty body from each identity. No answer may be a 5xx or
 * SERVER_BUSY, every answer carries a catalogued code, and a batch of refused calls writes
 * nothing (row counts of every table before and after).
 */

const CATALOGUED = new Set<number>(Object.values(Codes).map((c) => c.code));

/** Bad values sent one field at a time as form fields (strings, repeated keys). */
const FORM_VALUES: (string | string[])[] = [
  '',
  'x'.repeat(70_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u001b\u007f',
  '-1',
  'NaN',
  '1e309',
  '0x1',
  'true',
  '９',
  "<script>alert(1)</script>' OR 1=1 --",
  '99999999999999999999',
  ['1', '2'],
];
/** Bad values sent one field at a time in a JSON body (types a form cannot carry). */
const JSON_VALUES: unknown[] = [{ a: 1 }, [1], null, true, -1, 1e308, 'a\u0000b'];

/** Tables a refused call may still write, by design. */
const WRITES_BY_DESIGN: Record<string, string> = {
  captchas: 'a captcha is stored when one is asked for',
  login_failures: 'failed logins are counted (captcha threshold, lockout)',
  login_logs: 'failed logins are logged for the account owner',
  audit_logs: 'failed staff logins are audited',
  notify_logs: 'every payment notify is kept (bounded and pruned by retention)',
  jobs: 'the job runner reschedules its periodic jobs meanwhile',
};

/**
 * Callbacks from payment and certification providers answer in the provider's protocol, not the envelope;
 * so do the acg-faka shared-store calls (`/shared/...`, decision 0015: acg-faka's `{code:200|0,msg}`) and the
 * upstream shops' goods pushes to docking (`/docking/push/{token}`, decision 0016: `ok`, or 403 to a bad signature).
 */
const PROVIDER_CALLBACK = /^\/(pay\/notify|certify\/alipay\w*Notify|shared\/|docking\/push\/)/;

/** Calls that end the caller's own session: probed anonymously only. */
const ENDS_SESSION = /\/(logout|logoutOtherSessions|revokeSession)$/;

async function tableNames(t: TestApp): Promise<string[]> {
  const rows =
    t.deps.dialect === 'postgres'
      ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(
          t.deps.db,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.deps.db);
  return rows.rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_') && !(n in WRITES_BY_DESIGN));
}

async function rowCounts(t: TestApp, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.deps.db);
    counts[table] = Number(r.rows[0]?.n ?? 0);
  }
  return counts;
}

describe.each(dialects())('route-table probe on %s', (dialect) => {
  let t: TestApp;
  let member: string;
  let admin: string;
  let tables: string[];
  const problems: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = (await registerMember(t)).token;
    admin = await adminLogin(t);
    tables = await tableNames(t);
  }, 120_000);
  afterAll(async () => {
    await t.dispose();
  });

  const urlOf = (route: RouteEntry) =>
    route.url.startsWith('/__admin') ? `/${t.adminPath}${route.url.slice('/__admin'.length)}` : route.url;
  const tokenFor = (route: RouteEntry) => (route.auth === 'user' ? member : route.auth === 'admin' ? admin : undefined);

  async function send(
    route: RouteEntry,
    body: { form?: Record<string, unknown>; json?: unknown },
    token: string | undefined,
    label: string,
  ) {
    const url = urlOf(route);
    const headers: Record<string, string> = token ? { authorization: token } : {};
    let res;
    if (body.json !== undefined) {
      res = await t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(body.json),
        headers: { ...headers, 'content-type': 'application/json' },
        remoteAddress: someLoopbackIp(),
      });
    } else {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(body.form ?? {})) for (const item of [v].flat()) form.append(k, String(item));
      res = await t.app.inject({
        method: 'POST',
        url,
        payload: form.toString(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: someLoopbackIp(),
      });
    }
    const where = `${route.url} ${label}`;
    if (res.statusCode >= 500) return (problems.push(`${where}: HTTP ${res.statusCode}`), 'error');
    if (PROVIDER_CALLBACK.test(route.url)) {
      // A goods push with an unknown token or a bad signature is refused with 403 (the pusher then retries).
      const refusal = route.url.startsWith('/docking/push/') && res.statusCode === 403;
      return res.statusCode === 200 || refusal
        ? 'protocol'
        : (problems.push(`${where}: HTTP ${res.statusCode}`), 'error');
    }
    let code: number | undefined;
    try {
      code = (res.json() as { code?: number }).code;
    } catch {
      return (problems.push(`${where}: not an envelope (HTTP ${res.statusCode})`), 'error');
    }
    if (code === undefined || !CATALOGUED.has(code)) problems.push(`${where}: uncatalogued code ${code}`);
    if (code === Codes.SERVER_BUSY.code) problems.push(`${where}: SERVER_BUSY`);
    return code;
  }

  it('no call answers 5xx or an uncatalogued code, and refused calls write nothing', async () => {
    const routes = t.app.routeTable.filter((r) => r.method === 'POST');
    expect(routes.length).toBeGreaterThan(100);
    let requests = 0;
    for (const route of routes) {
      const before = await rowCounts(t, tables);
      let accepted = 0;
      const own = ENDS_SESSION.test(route.url) ? undefined : tokenFor(route);
      // Each identity with an empty body: the access matrix answers, never a fault.
      for (const [who, token] of [
        ['anonymous', undefined],
        ['member', member],
        ['admin', admin],
      ] as const) {
        if (token && ENDS_SESSION.test(route.url)) continue;
        const code = await send(route, { form: {} }, token, `empty body as ${who}`);
        requests++;
        if (code === 1000) accepted++;
      }
      for (const field of route.fields) {
        for (const value of FORM_VALUES) {
          if (
            (await send(route, { form: { [field]: value } }, own, `${field}=${JSON.stringify(value).slice(0, 30)}`)) ===
            1000
          )
            accepted++;
          requests++;
        }
        for (const value of JSON_VALUES) {
          if ((await send(route, { json: { [field]: value } }, own, `json ${field}=${JSON.stringify(value)}`)) === 1000)
            accepted++;
          requests++;
        }
      }
      // Every field bad at once, and a body that is not an object at all.
      if (route.fields.length) {
        await send(
          route,
          { form: Object.fromEntries(route.fields.map((f) => [f, 'a\u0000b'])) },
          own,
          'every field NUL',
        );
        await send(route, { json: [1, 2, 3] }, own, 'array body');
        requests += 2;
      }
      if (accepted === 0) {
        const after = await rowCounts(t, tables);
        const changed = tables.filter((table) => after[table] !== before[table]);
        if (changed.length)
          problems.push(
            `${route.url}: refused calls changed ${changed.map((c) => `${c} ${before[c]}→${after[c]}`).join(', ')}`,
          );
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 600_000);
});
