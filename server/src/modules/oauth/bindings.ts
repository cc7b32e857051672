import type { OAuthProvider } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';

/**
 * A member's third-party bindings, for the account center (accounts), which gets these from
 * app.ts: oauth builds on accounts, so accounts does not import oauth.
 */
export const oauthBindings = {
  /** The providers the member has bound. */
  async providersOf(db: Db, userId: number): Promise<string[]> {
    const rows = await db.selectFrom('oauth_bindings').select('provider').where('user_id', '=', userId).execute();
    return rows.map((r) => r.provider);
  },
  /** Removes one binding; false when there was none. */
  async unbind(db: Db, userId: number, provider: OAuthProvider): Promise<boolean> {
    const res = await db
      .deleteFrom('oauth_bindings')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};
