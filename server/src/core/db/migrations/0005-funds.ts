import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Funds: transfers between members, payee accounts (收款信息), withdrawals (提现) with their
 * state machine, stored daily reconciliation reports, and ledger indexes for date filters.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('transfers'))
    .addColumn('transfer_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('to_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('memo', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transfers_from_idx').on('transfers').columns(['from_user_id', 'created_at']).execute();
  await db.schema.createIndex('transfers_to_idx').on('transfers').columns(['to_user_id', 'created_at']).execute();

  await id(db.schema.createTable('payee_accounts'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(40)', (c) => c.notNull())
    /** Alipay account or card number, sealed (AES-256-GCM); only the masked form is answered to members. */
    .addColumn('account_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_masked', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_branch', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_type', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payee_accounts_user_idx').on('payee_accounts').column('user_id').execute();

  await id(db.schema.createTable('withdrawals'))
    .addColumn('withdraw_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    /** Taken from the balance; the member receives amount - fee. */
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('actual_amount', 'bigint', (c) => c.notNull())
    /** The payee account as it was when asked (JSON, account sealed), so later edits do not change it. */
    .addColumn('payee_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('payout_ref', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'bigint')
    .addColumn('staff_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  await id(db.schema.createTable('reconcile_reports'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('mismatch', 'integer', (c) => c.notNull())
    .addColumn('report_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('ledger_user_time_idx').on('ledger_entries').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('ledger_time_idx').on('ledger_entries').column('created_at').execute();
}
