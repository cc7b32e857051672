import { hashPassword, randomAlnum } from './core/crypto.js';
import { sql } from 'kysely';
import { dialectOf, type Db } from './core/db/connect.js';
import type { SecretBox } from './core/secret-box.js';
import { SettingKeys, type SettingsStore } from './core/settings.js';
import { seedDemoCatalog } from './modules/catalog/index.js';
import { seedDemoCards } from './modules/stock/index.js';
import { PLATFORM_SITE_ID } from './modules/sites/index.js';

export interface FirstStart {
  adminPath: string;
  username: string;
  /** Shown once on the console; only its hash is stored. */
  password: string;
}

const DEMO_TITLE = '卡铺演示店';
const LEVELS = [
  { name: '普通会员', sort: 1, is_default: 1 },
  { name: '高级会员', sort: 2, is_default: 0 },
  { name: 'VIP会员', sort: 3, is_default: 0 },
];

/** Whether the first start already ran on this database (read from it, not from a copy). */
async function installed(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SettingKeys.installedAt)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * On the first start of an empty database: the platform site, member levels, a random admin
 * path and a super admin with a random password. Later starts do nothing and return null.
 * Runs under the start lock (core/db/start-lock.ts) and checks the database itself again, in
 * its transaction, so of instances started together only one seeds.
 */
export async function runFirstStart(
  db: Db,
  settings: SettingsStore,
  seed: { adminPassword?: string; cardBox?: SecretBox } = {},
): Promise<FirstStart | null> {
  if (settings.get(SettingKeys.installedAt) || (await installed(db))) return null;
  const now = Date.now();
  const adminPath = randomAlnum(10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'k');
  const password = seed.adminPassword ?? randomAlnum(14);
  const passwordHash = await hashPassword(password);

  const seeded = await db.transaction().execute(async (trx) => {
    if (await installed(trx)) return false;
    // The platform site is id 1 whatever the sequence says: on PostgreSQL a first start that
    // died after taking a number leaves the sequence past 1. The sequence then moves past it.
    await trx
      .insertInto('sites')
      .values({
        id: PLATFORM_SITE_ID,
        parent_id: null,
        owner_user_id: null,
        title: DEMO_TITLE,
        subtitle: '卡密自动发货 · 直充 · 实物商品',
        path: null,
        domain: null,
        status: 'active',
        created_at: now,
      })
      .execute();
    if (dialectOf(trx) === 'postgres') {
      await sql`select setval(pg_get_serial_sequence('sites', 'id'), (select max(id) from sites))`.execute(trx);
    }
    await trx
      .insertInto('member_levels')
      .values(LEVELS.map((l) => ({ ...l, site_id: PLATFORM_SITE_ID, created_at: now })))
      .execute();
    const demo = await seedDemoCatalog(trx);
    if (seed.cardBox) await seedDemoCards(trx, seed.cardBox, demo.cardGoodsId);
    await trx
      .insertInto('roles')
      .values({ name: '客服', permissions: JSON.stringify(['service.desk', 'members.view']), created_at: now })
      .execute();
    await trx
      .insertInto('staff')
      .values({
        username: 'admin',
        password_hash: passwordHash,
        nickname: '超级管理员',
        role_id: null,
        is_super: 1,
        status: 'active',
        totp_secret: null,
        created_at: now,
        last_login_at: null,
      })
      .execute();
    await settings.set(SettingKeys.adminPath, adminPath, trx);
    await settings.set(SettingKeys.installedAt, String(now), trx);
    return true;
  });
  if (!seeded) {
    await settings.load();
    return null;
  }
  return { adminPath, username: 'admin', password };
}
