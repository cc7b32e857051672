import { SALE_OPS, type SaleOp } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { verifyPassword } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { ReadCache } from '../../core/db/read-cache.js';
import { prepared } from '../../core/db/prepared.js';
import type { ActorContext } from '../../core/context.js';
import { guardedSalePassword } from './sale-password-lock.js';

/** The operations a member chose to protect (setSalePwd); unset = all of them. */
export function saleOpsOf(stored: string | null): SaleOp[] {
  if (!stored) return [...SALE_OPS];
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? SALE_OPS.filter((op) => list.includes(op)) : [...SALE_OPS];
  } catch {
    return [...SALE_OPS];
  }
}

/** What a member's purchase reads of them: level and sale-password settings. */
export interface BuyingProfile {
  level_id: number;
  sale_pwd_hash: string | null;
  sale_pwd_enabled: number;
  sale_pwd_ops: string | null;
}

/** Kept until one of these columns changes (every balance purchase reads them). */
const profiles = new ReadCache<BuyingProfile | undefined>(10_000, [
  'users.level_id',
  'users.sale_pwd_hash',
  'users.sale_pwd_enabled',
  'users.sale_pwd_ops',
]);

/** Built once: PostgreSQL, which has no read cache, reads it on every balance purchase. */
const profileOf = prepared((db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['level_id', 'sale_pwd_hash', 'sale_pwd_enabled', 'sale_pwd_ops'])
    .where('id', '=', userId),
);

/** A member's level and sale-password settings in one read (undefined: no such member). */
export function buyingProfile(db: Db, userId: number): Promise<BuyingProfile | undefined> {
  return profiles.load(db, String(userId), () => profileOf.first(db, userId));
}

/** Who is typing the sale password: the member, from where (for the lock and its audit row). */
export interface SalePasswordCaller {
  memberId: number;
  ip: string;
  name: string;
}
export const callerOf = (ctx: ActorContext): SalePasswordCaller => ({
  memberId: ctx.actor.id,
  ip: ctx.ip,
  name: ctx.actor.name,
});

/**
 * The second password for money moves (balance payment, transfer, withdrawal, API). When the
 * member turned it on (and, given an operation, chose to protect that operation), the
 * operation needs it; otherwise it passes. Callers in other modules use this, never the users table.
 */
export async function requireSalePassword(
  db: Db,
  caller: SalePasswordCaller,
  salePwd: string | undefined,
  operation?: SaleOp,
): Promise<void> {
  await checkSalePassword(db, caller, await buyingProfile(db, caller.memberId), salePwd, operation);
}

/** requireSalePassword on a profile already read (checkout reads it once for level and password). */
export async function checkSalePassword(
  db: Db,
  caller: SalePasswordCaller,
  user: BuyingProfile | undefined,
  salePwd: string | undefined,
  operation?: SaleOp,
): Promise<void> {
  if (!user || user.sale_pwd_enabled !== 1) return;
  if (operation && !saleOpsOf(user.sale_pwd_ops).includes(operation)) return;
  if (!user.sale_pwd_hash) throw businessError('SALE_PWD_NOT_SET');
  if (!salePwd) throw businessError('SALE_PWD_REQUIRED');
  const hash = user.sale_pwd_hash;
  await guardedSalePassword(db, caller, () => verifyPassword(salePwd, hash));
}
