import { ownedSiteOfMember } from '../sites/index.js';
import type { AliasedSelectQueryBuilder } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { prepared } from '../../core/db/prepared.js';

/**
 * The member levels accounts reads (catalog owns them; catalog builds on accounts, so app.ts
 * passes catalog's memberLevels in).
 */
export interface MemberLevels {
  defaultLevel(db: Db, siteId: number): Promise<{ id: number }>;
  namesTable(db: Db): AliasedSelectQueryBuilder<{ id: number; name: string }, 'member_levels'>;
  /** The site's levels, lowest first (staff pick one on the member page). */
  list(db: Db, siteId: number): Promise<Array<{ id: number; name: string; isDefault: boolean }>>;
}

/** Every member request reads it (signed in, not disabled, owns a site?): built once. */
const memberStatus = prepared((db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['login_name', 'status'])
    .select(ownedSiteOfMember(db).as('owned_site'))
    .where('id', '=', id),
);

/** The member's own page (getAccount: the member centre asks on every page), built once per levels provider. */
const accountQueries = new WeakMap<MemberLevels, ReturnType<typeof accountQuery>>();
function accountQuery(levels: MemberLevels) {
  return prepared((db: Db, id: number) =>
    db
      .selectFrom('users')
      .innerJoin(levels.namesTable(db), 'member_levels.id', 'users.level_id')
      .select([
        'users.id',
        'users.user_no',
        'users.login_name',
        'users.nickname',
        'users.avatar',
        'users.email',
        'users.mobile',
        'users.balance',
        'users.sale_pwd_enabled',
        'users.status',
        'users.created_at',
        'member_levels.name as level_name',
      ])
      .where('users.id', '=', id),
  );
}

/** Kysely only: the accounts module's tables (users, login_logs). */
export const accountsRepo = {
  findForLogin(db: Db, account: string) {
    return db
      .selectFrom('users')
      .select(['id', 'login_name', 'password_hash', 'status'])
      .where((eb) =>
        eb.or([eb('login_name', '=', account), eb('mobile', '=', account), eb('email', '=', account.toLowerCase())]),
      )
      .executeTakeFirst();
  },

  findById(db: Db, id: number, levels: MemberLevels) {
    let query = accountQueries.get(levels);
    if (!query) accountQueries.set(levels, (query = accountQuery(levels)));
    return query.first(db, id);
  },

  /** Name, status and the site the member owns (their `vip` access). */
  statusOf(db: Db, id: number) {
    return memberStatus.first(db, id);
  },

  taken(db: Db, column: 'login_name' | 'email' | 'mobile' | 'user_no', value: string) {
    return db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
  },

  lastLoginLogs(db: Db, userId: number, count: number) {
    return db
      .selectFrom('login_logs')
      .select(['ip', 'address', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
  },
};
