import { Migrator, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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

/** What every migration gets besides the db: dialect-aware column helpers. */
export interface MigrationContext {
  dialect: Dialect;
  /** Adds an auto-increment integer primary key `id` in the dialect's own form. */
  id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Forward-only, in order; one set for every dialect. Add new files at the end. */
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

class CodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const ctx = contextFor(this.dialect);
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, ctx) }]),
    );
  }
}

/** Runs pending migrations; throws with the failing migration's error so start-up stops. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CodeMigrations(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
