import { sql } from 'kysely';
import type { LedgerTypeName } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { prepared } from '../../core/db/prepared.js';
import { fetchPage } from '../../core/paging.js';

export interface LedgerFilter {
  userId?: number;
  type?: LedgerTypeName;
  /** Epoch ms, inclusive / exclusive. */
  from?: number;
  to?: number;
  /** Exact reference (order/transfer/withdrawal number) or part of the memo. */
  keyword?: string;
}

/** `%` and `_` typed by people match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Kysely only: balances (users.balance) and ledger_entries. */
/** Conditional debit, built once (every balance payment runs it). */
const debitBalance = prepared((db: Db, userId: number, amount: number) =>
  db
    .updateTable('users')
    .set({ balance: sql<number>`balance - ${amount}` })
    .where('id', '=', userId)
    .where('balance', '>=', amount)
    .returning('balance'),
);

export const fundsRepo = {
  /** Conditional debit: no row when the balance is short, so concurrent debits never overdraw. */
  debit(db: Db, userId: number, amount: number) {
    return debitBalance.first(db, userId, amount);
  },
  /** Unconditional debit (a claw-back may take the balance below zero); answers the balance after. */
  takeBack(db: Db, userId: number, amount: number) {
    return db
      .updateTable('users')
      .set({ balance: sql<number>`balance - ${amount}` })
      .where('id', '=', userId)
      .returning('balance')
      .executeTakeFirst();
  },
  credit(db: Db, userId: number, amount: number) {
    return db
      .updateTable('users')
      .set({ balance: sql<number>`balance + ${amount}` })
      .where('id', '=', userId)
      .returning('balance')
      .executeTakeFirst();
  },
  /**
   * Several credits in one statement (`balance + CASE id WHEN … END`, every dialect); answers the
   * balances after, by member. For jobs paying out many entries at once (credit-many.ts).
   */
  async creditMany(db: Db, totals: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    const ids = [...totals.keys()];
    if (ids.length === 0) return new Map();
    const cases = sql.join(
      ids.map((id) => sql`when ${id} then ${totals.get(id)!}`),
      sql` `,
    );
    const rows = await db
      .updateTable('users')
      .set({ balance: sql<number>`balance + case id ${cases} else 0 end` })
      .where('id', 'in', ids)
      .returning(['id', 'balance'])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), Number(r.balance)]));
  },
  balance(db: Db, userId: number) {
    return db.selectFrom('users').select(['id', 'balance']).where('id', '=', userId).executeTakeFirst();
  },
  /** Locks the balance rows in id order (PostgreSQL), so two opposite transfers cannot deadlock. */
  async lockBalances(trx: Db, userIds: number[]) {
    await trx.selectFrom('users').select('id').where('id', 'in', userIds).orderBy('id').forUpdate().execute();
  },
  filtered(db: Db, f: LedgerFilter) {
    let q = db.selectFrom('ledger_entries');
    if (f.userId) q = q.where('user_id', '=', f.userId);
    if (f.type) q = q.where('type', '=', f.type);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<', f.to);
    const kw = f.keyword;
    if (kw)
      q = q.where((eb) =>
        eb.or([eb('ref_id', '=', kw), eb(sql<string>`memo`, 'like', sql<string>`${likeContains(kw)} escape '\\'`)]),
      );
    return q;
  },
  async ledger(
    db: Db,
    userId: number | undefined,
    page: number,
    pageSize: number,
    filter: Omit<LedgerFilter, 'userId'> = {},
  ) {
    const rows = fundsRepo
      .filtered(db, { ...filter, userId })
      .selectAll()
      .orderBy('id', 'desc');
    return fetchPage(rows, { page, pageSize });
  },
};
export type LedgerRow = Awaited<ReturnType<typeof fundsRepo.ledger>>['list'][number];
