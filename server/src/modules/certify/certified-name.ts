import type { Db } from '../../core/db/connect.js';

/** The member's verified real name (latest passed certification), or undefined when not certified. */
export async function certifiedRealName(db: Db, userId: number): Promise<string | undefined> {
  const cert = await db
    .selectFrom('certifications')
    .select('real_name')
    .where('user_id', '=', userId)
    .where('status', '=', 'passed')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return cert?.real_name;
}
