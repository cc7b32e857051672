import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';

/** Kysely only: balances (users.balance) and ledger_entries. */
export const fundsRepo = {
  /** Conditional debit: no row when the balance is short, so concurrent debits never overdraw. */
  debit(db: Db, userId: number, amount: number) {
    return db
      .updateTable('users')
      .set({ balance: sql<number>`balance - ${amount}` })
      .where('id', '=', userId)
      .where('balance', '>=', amount)
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
  balance(db: Db, userId: number) {
    return db.selectFrom('users').select(['id', 'balance']).where('id', '=', userId).executeTakeFirst();
  },
  async ledger(db: Db, userId: number | undefined, page: number, pageSize: number) {
    let q = db.selectFrom('ledger_entries');
    if (userId) q = q.where('user_id', '=', userId);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await q.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
    return { list, total: Number(total.n) };
  },
};
