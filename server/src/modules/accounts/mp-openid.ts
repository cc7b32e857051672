import type { Db } from '../../core/db/connect.js';

/** Links a member to their WeChat official-account openid (oauth sets it after the mp authorisation). */
export async function setMpOpenid(db: Db, userId: number, openid: string): Promise<void> {
  await db.updateTable('users').set({ mp_openid: openid }).where('id', '=', userId).execute();
}
