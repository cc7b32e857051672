import type { Db } from '../../core/db/connect.js';
import { verifyPassword } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';

/**
 * The second password for money moves (balance payment, transfer, withdrawal, API). When the
 * member turned it on, the operation needs it; otherwise it passes. Callers in other modules
 * use this, never the users table.
 */
export async function requireSalePassword(db: Db, userId: number, salePwd: string | undefined): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['sale_pwd_hash', 'sale_pwd_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.sale_pwd_enabled !== 1) return;
  if (!user.sale_pwd_hash) throw businessError('SALE_PWD_NOT_SET');
  if (!salePwd) throw businessError('SALE_PWD_REQUIRED');
  if (!(await verifyPassword(salePwd, user.sale_pwd_hash))) throw businessError('SALE_PWD_WRONG');
}
