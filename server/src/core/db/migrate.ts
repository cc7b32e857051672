import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type CreateTableBuilder,
  type Kysely,
  type MigrationProvider,
} from 'kysely';
import type { Dialect } from './connect.js';
import * as foundation from './migrations/0001-foundation.js';
import * as commerce from './migrations/0002-commerce.js';
import * as accountSecurity from './migrations/0003-account-security.js';
import * as payments from './migrations/0004-payments.js';
import * as funds from './migrations/0005-funds.js';
import * as certify from './migrations/0006-certify.js';
import * as salesCounts from './migrations/0007-sales-counts.js';
import * as hardening from './migrations/0008-hardening.js';
import * as domainEvents from './migrations/0009-domain-events.js';
import * as eventDispatch from './migrations/0010-event-dispatch.js';
import * as subSites from './migrations/0011-sub-sites.js';
import * as levelSales from './migrations/0012-level-sales.js';
import * as siteLayouts from './migrations/0013-site-layouts.js';
import * as sitesExtra from './migrations/0014-sites-extra.js';
import * as sitePaymentAccounts from './migrations/0015-site-payment-accounts.js';
import * as supply from './migrations/0016-supply.js';
import * as promotion from './migrations/0020-promotion.js';
import * as siteOpenRequests from './migrations/0021-site-open-requests.js';
import * as supplierSuspendedGoods from './migrations/0026-supplier-suspended-goods.js';
import * as sharedStore from './migrations/0023-shared-store.js';
import * as cdk from './migrations/0019-cdk.js';
import * as docking from './migrations/0024-docking.js';
import * as messages from './migrations/0018-messages.js';
import * as complaints from './migrations/0017-complaints.js';
import * as webhooks from './migrations/0025-webhooks.js';
import * as openApi from './migrations/0022-open-api.js';
import * as goodsLimitAudit from './migrations/0028-goods-limit-audit.js';
import * as shortDeliveries from './migrations/0029-short-deliveries.js';
import * as ordersPartialIndexes from './migrations/0030-orders-partial-indexes.js';
import * as domainEventsTypeIndex from './migrations/0031-domain-events-type-index.js';

/** What every migration gets besides the db: dialect-aware column helpers. */
export interface MigrationContext {
  dialect: Dialect;
  /** Adds an auto-increment integer primary key `id` in the dialect's own form. */
  id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/**
 * Forward-only, in order; one set for every dialect. Add new files at the end.
 *
 * Expand/contract rule: every migration must be additive, so that the previous release keeps
 * working on the migrated database (during a rolling upgrade old and new instances share it,
 * and an old instance that restarts runs in compatibility mode, see `migrateToLatest`). Add
 * tables, nullable columns or columns with defaults, and indexes; never drop, rename or
 * retype what the previous release reads or writes, nor add a NOT NULL column it would not
 * fill. Removing something takes two releases: first stop using it, one release later drop it.
 */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-foundation': foundation,
  '0002-commerce': commerce,
  '0003-account-security': accountSecurity,
  '0004-payments': payments,
  '0005-funds': funds,
  '0006-certify': certify,
  '0007-sales-counts': salesCounts,
  '0008-hardening': hardening,
  '0009-domain-events': domainEvents,
  '0010-event-dispatch': eventDispatch,
  '0011-sub-sites': subSites,
  '0012-level-sales': levelSales,
  '0013-site-layouts': siteLayouts,
  '0014-sites-extra': sitesExtra,
  '0015-site-payment-accounts': sitePaymentAccounts,
  '0016-supply': supply,
  '0017-complaints': complaints,
  '0018-messages': messages,
  '0019-cdk': cdk,
  '0020-promotion': promotion,
  '0021-site-open-requests': siteOpenRequests,
  '0022-open-api': openApi,
  '0023-shared-store': sharedStore,
  '0024-docking': docking,
  '0025-webhooks': webhooks,
  '0026-supplier-suspended-goods': supplierSuspendedGoods,
  '0028-goods-limit-audit': goodsLimitAudit,
  '0029-short-deliveries': shortDeliveries,
  '0030-orders-partial-indexes': ordersPartialIndexes,
  '0031-domain-events-type-index': domainEventsTypeIndex,
};

/** Every migration this code knows, oldest first (backups record the last one applied). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

function contextFor(dialect: Dialect): MigrationContext {
  return {
    dialect,
    id: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
}

/** Where migrations report: pino's shape (the app's logger), so lines carry fields. */
export interface MigrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: MigrationLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface MigrationOutcome {
  /** Migrations this start applied, in order. */
  applied: string[];
  /** The newest migration the database has (null: none, an empty database without migrations). */
  level: string | null;
  /** Migrations the database has that this build does not know (a newer release applied them). */
  newer: string[];
}

/** Names already applied to the database, oldest first; empty when it was never migrated. */
export async function appliedMigrations(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const exists =
    dialect === 'postgres'
      ? (await sql<{ t: string | null }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) as t`.execute(db)).rows[0]?.t
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`.execute(db)
        ).rows[0];
  if (!exists) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  // Names start with a zero-padded number, so their order is the order they were written in.
  return rows.rows.map((r) => r.name).sort();
}

/**
 * Brings the database to this build's newest migration and logs each one applied (name,
 * duration) and the level reached. A database already migrated by a newer release (names this
 * build does not know, after all the ones it knows) is left as it is: by the expand/contract
 * rule above this older build still works on it, so it starts in compatibility mode with a
 * warning instead of refusing as Kysely's Migrator would. A database missing one of this
 * build's migrations before others that were applied is refused with the reason.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  log: MigrationLog = silent,
): Promise<MigrationOutcome> {
  const levelLine = (level: string | null, count: number) =>
    log.info({ migration: level, count }, `数据库迁移级别 ${level} (database at migration level ${level})`);
  const before = await appliedMigrations(db, dialect);
  const done = new Set(before);
  const known = new Set(MIGRATION_NAMES);
  const newer = before.filter((name) => !known.has(name));
  const firstMissing = MIGRATION_NAMES.findIndex((name) => !done.has(name));
  if (firstMissing !== -1) {
    const later = MIGRATION_NAMES.slice(firstMissing + 1).find((name) => done.has(name));
    if (later) {
      throw new Error(
        `数据库迁移记录不连续：本版本的迁移 ${MIGRATION_NAMES[firstMissing]} 没有执行，而其后的 ${later} 已执行。` +
          `请确认数据库没有被其他分支的版本迁移过，必要时从备份恢复（npm run restore）。` +
          ` (Migration ${MIGRATION_NAMES[firstMissing]} is missing but the later ${later} was applied: refusing to start.)`,
      );
    }
  }
  if (newer.length > 0) {
    const level = before.at(-1)!;
    if (firstMissing !== -1) {
      throw new Error(
        `数据库已由另一版本迁移到 ${level}，但缺少本版本的迁移 ${MIGRATION_NAMES[firstMissing]}：两个版本不在同一条升级线上，拒绝启动。` +
          ` (The database was migrated to ${level} by another release and lacks this release's ${MIGRATION_NAMES[firstMissing]}: refusing to start.)`,
      );
    }
    log.warn(
      { migration: level, newer, known: MIGRATION_NAMES.at(-1) },
      `数据库已由较新版本迁移到 ${level}，本实例（较旧版本）以兼容模式运行 (database migrated to ${level} by a newer release; this older instance runs in compatibility mode)`,
    );
    levelLine(level, before.length);
    return { applied: [], level, newer };
  }
  if (firstMissing === -1) {
    // Up to date: nothing for the Migrator to do (nor to check against the order they ran in).
    levelLine(MIGRATION_NAMES.at(-1) ?? null, before.length);
    return { applied: [], level: MIGRATION_NAMES.at(-1) ?? null, newer: [] };
  }

  const took = new Map<string, number>();
  const ctx = contextFor(dialect);
  const timed: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [
          name,
          {
            up: async (trx: Kysely<unknown>) => {
              const started = performance.now();
              await m.up(trx, ctx);
              took.set(name, Math.round(performance.now() - started));
            },
          },
        ]),
      );
    },
  };
  const migrator = new Migrator({ db, provider: timed });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    log.error({ migration: failed }, `数据库迁移失败 (migration failed): ${failed ?? 'unknown'}`);
    throw error instanceof Error ? error : new Error(String(error));
  }
  // Logged after the run: on PostgreSQL all pending migrations commit together.
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  for (const name of applied)
    log.info({ migration: name, ms: took.get(name) }, `已执行数据库迁移 ${name} (migration applied)`);
  const level = MIGRATION_NAMES.at(-1) ?? null;
  levelLine(level, MIGRATION_NAMES.length);
  return { applied, level, newer: [] };
}
