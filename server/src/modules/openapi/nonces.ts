import type { Db } from '../../core/db/connect.js';

/**
 * Takes a signature once across every instance: the first caller inserts it and gets true, a replay
 * (on this instance or another) finds the row and gets false. `scope` keeps callers apart (an API
 * app id; `dock-push:{connection}` for the docking push receiver). The row outlives the timestamp's
 * window (`expiresAt`, ms); the gateway's purge drops expired rows of every scope.
 */
export async function takeSignatureOnce(db: Db, scope: string, signature: string, expiresAt: number): Promise<boolean> {
  const fresh = await db
    .insertInto('openapi_nonces')
    .values({ app_id: scope, signature: signature.toLowerCase(), expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['app_id', 'signature']).doNothing())
    .executeTakeFirst();
  return Number(fresh.numInsertedOrUpdatedRows ?? 0n) > 0;
}
