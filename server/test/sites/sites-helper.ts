import { frozenProfitOf } from '../../src/modules/profits/index.js';
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { hashPassword } from '../../src/core/crypto.js';
import { openSession } from '../../src/core/sessions.js';
import { creditBalance } from '../../src/modules/funds/index.js';
import { someLoopbackIp, type Envelope, type TestApp } from '../helper.js';

export const SALE_PWD = '135790';
let passwordHash: string | undefined;
let saleHash: string | undefined;

export interface Member {
  id: number;
  token: string;
  loginName: string;
}

/** A member registered at `siteId` (written directly), with a balance through the ledger. */
export async function member(
  t: TestApp,
  balanceFen = 0,
  extra: { siteId?: number; salePwd?: boolean } = {},
): Promise<Member> {
  passwordHash ??= await hashPassword('abc12345');
  const tag = randomBytes(5).toString('hex');
  const level = await t.deps.db
    .selectFrom('member_levels')
    .select('id')
    .where('site_id', '=', 1)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  if (extra.salePwd) saleHash ??= await hashPassword(SALE_PWD);
  const row = await t.deps.db
    .insertInto('users')
    .values({
      user_no: `8${parseInt(tag, 16)}`.slice(0, 12),
      site_id: extra.siteId ?? 1,
      login_name: `s${tag}`,
      password_hash: passwordHash,
      nickname: '',
      avatar: '',
      email: null,
      mobile: null,
      qq: '',
      contact: '',
      level_id: level.id,
      sale_pwd_hash: extra.salePwd ? saleHash! : null,
      sale_pwd_enabled: extra.salePwd ? 1 : 0,
      inviter_id: null,
      invite_code: null,
      status: 'active',
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (balanceFen > 0)
    await t.deps.db
      .transaction()
      .execute((trx) => creditBalance(trx, { userId: row.id, amount: balanceFen, type: 'admin_adjust', memo: '测试' }));
  const s = await openSession(t.deps.db, 'user', row.id, { ip: '127.0.0.1', userAgent: 'test' });
  return { id: row.id, token: s.token, loginName: `s${tag}` };
}

/** A call from an address of its own, so per-IP limits do not couple tests. */
export async function call(t: TestApp, url: string, body: Record<string, unknown>, token?: string): Promise<Envelope> {
  return (await t.post(url, body, token, someLoopbackIp())).json;
}

export async function admin(t: TestApp, token: string, path: string, body: Record<string, unknown> = {}) {
  return call(t, `/${t.adminPath}${path}`, body, token);
}

/** A platform member level for site owners, and a version on it (prices in yuan text). */
export async function version(
  t: TestApp,
  adminToken: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; levelId: number }> {
  const level = await admin(t, adminToken, '/catalog/saveLevel', { name: `站长${randomBytes(2).toString('hex')}` });
  expect(level.code, level.msg).toBe(1000);
  const levelId = level.data.id as number;
  const saved = await admin(t, adminToken, '/sites/versions/save', {
    name: `版本${randomBytes(2).toString('hex')}`,
    priceMonth: '30',
    priceYear: '300',
    priceForever: '1000',
    levelId,
    maxChildren: 5,
    subdomain: 1,
    ownDomain: 1,
    sort: 10,
    ...fields,
  });
  expect(saved.code, saved.msg).toBe(1000);
  return { id: saved.data.id as number, levelId };
}

export function newPath(): string {
  return `s${randomBytes(4).toString('hex')}`;
}

export async function openSite(
  t: TestApp,
  who: Member,
  versionId: number,
  period = 'month',
  extra: Record<string, unknown> = {},
): Promise<Envelope> {
  return call(t, '/inside/site/open', { versionId, period, title: '测试分站', path: newPath(), ...extra }, who.token);
}

export async function balance(t: TestApp, userId: number) {
  const u = await t.deps.db
    .selectFrom('users')
    .select(['balance', 'level_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // Frozen money is the sum of the member's frozen profit shares (decision 0009).
  const frozen = await frozenProfitOf(t.deps.db, userId);
  return { balance: Number(u.balance), frozen, levelId: Number(u.level_id) };
}

export async function siteOf(t: TestApp, ownerId: number) {
  return t.deps.db.selectFrom('sites').selectAll().where('owner_user_id', '=', ownerId).executeTakeFirst();
}

/** Rows of what a site purchase writes, to prove a refused one wrote nothing. */
export async function purchaseRowCounts(t: TestApp) {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.deps.db)).rows[0].n,
    );
  return {
    sites: await count('sites'),
    purchases: await count('site_purchases'),
    shares: await count('profit_shares'),
    ledger: await count('ledger_entries'),
  };
}

/** Every member's ledger sum equals the balance (frozen money is outside both). */
export async function assertLedgerMatches(t: TestApp): Promise<void> {
  const bad = await sql<{ id: number; balance: unknown; ledger: unknown }>`
    select u.id, u.balance, coalesce(s.total, 0) as ledger
    from users u left join (select user_id, sum(amount) as total from ledger_entries group by user_id) s on s.user_id = u.id
    where u.balance <> coalesce(s.total, 0)`.execute(t.deps.db);
  expect(bad.rows).toEqual([]);
}

/**
 * A tiny DNS server on loopback UDP that answers TXT questions from `records` (name → values) and
 * NXDOMAIN otherwise: enough for the resolver the domain check uses (KAPU_DNS_SERVERS).
 */
export async function fakeDns(records: Map<string, string[]>): Promise<{ server: string; close(): Promise<void> }> {
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let offset = 12;
    const labels: string[] = [];
    while (msg[offset] !== 0) {
      const len = msg[offset];
      labels.push(msg.subarray(offset + 1, offset + 1 + len).toString('ascii'));
      offset += 1 + len;
    }
    const question = msg.subarray(12, offset + 5);
    const qtype = msg.readUInt16BE(offset + 1);
    const values = qtype === 16 ? records.get(labels.join('.').toLowerCase()) : undefined;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    header.writeUInt16BE(values ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values?.length ?? 0, 6);
    const answers = (values ?? []).map((v) => {
      const text = Buffer.from(v, 'utf8');
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(16, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(text.length + 1, 10);
      return Buffer.concat([rr, Buffer.from([text.length]), text]);
    });
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
