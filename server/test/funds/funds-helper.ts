import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { hashPassword } from '../../src/core/crypto.js';
import { openSession } from '../../src/core/sessions.js';
import { creditBalance } from '../../src/modules/funds/index.js';
import { someLoopbackIp, type Envelope, type TestApp } from '../helper.js';

let passwordHash: string | undefined;
let salePwdHash: string | undefined;
export const SALE_PWD = '135790';

export interface Member {
  id: number;
  token: string;
  loginName: string;
  userNo: string;
}

/** A member written directly (registration's scrypt and captcha would dominate), with a balance through the ledger. */
export async function member(
  t: TestApp,
  balanceFen = 0,
  extra: { nickname?: string; status?: string; salePwd?: boolean; saleOps?: string[] } = {},
): Promise<Member> {
  passwordHash ??= await hashPassword('abc12345');
  const tag = randomBytes(5).toString('hex');
  const level = await t.deps.db
    .selectFrom('member_levels')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const loginName = `m${tag}`;
  const userNo = `9${parseInt(tag, 16)}`.slice(0, 12);
  let saleHash: string | null = null;
  if (extra.salePwd) saleHash = salePwdHash ??= await hashPassword(SALE_PWD);
  const row = await t.deps.db
    .insertInto('users')
    .values({
      user_no: userNo,
      site_id: 1,
      login_name: loginName,
      password_hash: passwordHash,
      nickname: extra.nickname ?? '',
      avatar: '',
      email: null,
      mobile: null,
      qq: '',
      contact: '',
      level_id: level.id,
      sale_pwd_hash: saleHash,
      sale_pwd_enabled: extra.salePwd ? 1 : 0,
      sale_pwd_ops: extra.saleOps ? JSON.stringify(extra.saleOps) : null,
      inviter_id: null,
      invite_code: null,
      status: extra.status ?? 'active',
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
  return { id: row.id, token: s.token, loginName, userNo };
}

/** A call from an address of its own, so per-IP money limits do not couple tests. */
export async function call(t: TestApp, url: string, body: Record<string, unknown>, token?: string): Promise<Envelope> {
  return (await t.post(url, body, token, someLoopbackIp())).json;
}

export async function balance(t: TestApp, userId: number): Promise<number> {
  const u = await t.deps.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(u.balance);
}

/** Rows in every funds table, to prove a refused call wrote nothing. */
export async function fundsRowCounts(t: TestApp) {
  const count = async (table: 'ledger_entries' | 'transfers' | 'withdrawals' | 'payee_accounts') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const total = await t.deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.sum<number>('balance').as('s'))
    .executeTakeFirstOrThrow();
  return {
    ledger: await count('ledger_entries'),
    transfers: await count('transfers'),
    withdrawals: await count('withdrawals'),
    payees: await count('payee_accounts'),
    balances: Number(total.s ?? 0),
  };
}

/** Invariant 4 over the whole database: every member's ledger sum equals the balance, no balance below 0. */
export async function assertLedgerMatches(t: TestApp): Promise<void> {
  const bad = await sql<{ id: number; balance: unknown; ledger: unknown }>`
    select u.id, u.balance, coalesce(s.total, 0) as ledger
    from users u left join (select user_id, sum(amount) as total from ledger_entries group by user_id) s on s.user_id = u.id
    where u.balance <> coalesce(s.total, 0) or u.balance < 0`.execute(t.deps.db);
  expect(bad.rows.map((r) => ({ id: Number(r.id), balance: Number(r.balance), ledger: Number(r.ledger) }))).toEqual([]);
}

/** Saves funds settings through the admin API (yuan / percent text like the admin form). */
export async function setFundsSettings(t: TestApp, admin: string, patch: Record<string, string | number> = {}) {
  const body = {
    withdrawEnabled: 1,
    withdrawMin: '10',
    withdrawMax: '0',
    feePercent: '0',
    feeMin: '0',
    withdrawDailyCount: 3,
    transferEnabled: 1,
    transferMin: '0.01',
    transferDailyAmount: '50000',
    transferDailyCount: 20,
    ...patch,
  };
  const res = await t.post(`/${t.adminPath}/funds/settings/save`, body, admin);
  if (res.json.code !== 1000) throw new Error(`settings: ${res.json.msg}`);
}
