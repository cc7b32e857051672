import { dialectOf } from '../../src/core/db/connect.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/core/db/migrate.js';
import { DISPATCH_JOB } from '../../src/core/events.js';
import { enqueueJob } from '../../src/core/jobs.js';
import { buildInstanceElsewhere, dialects, freshDatabase, registerMember, type TestApp } from '../helper.js';

/**
 * Upgrading a shop that has data: the database as the previous release left it (its last
 * migration not applied yet, its tables absent) is migrated by this release on start, and the
 * data is all there afterwards.
 */
type Db = TestApp['deps']['db'];

/** The definitions (CREATE INDEX text) of those of `names` that exist, on either database. */
async function indexDefinitions(db: Db, names: string[]): Promise<string[]> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{
          def: string;
        }>`select indexdef as def from pg_indexes where indexname in (${sql.join(names)})`.execute(db)
      : await sql<{ def: string }>`select sql as def from sqlite_master where name in (${sql.join(names)})`.execute(db);
  return rows.map((r) => r.def);
}

/** How to take a database back from each newest migration (only the newest is ever undone). */
const UNDO: Record<string, (db: Db) => Promise<void>> = {
  '0028-goods-limit-audit': async (db) => {
    await db.schema.dropIndex('audit_logs_site_idx').execute();
    await sql`alter table audit_logs drop column site_id`.execute(db);
  },
  '0012-level-sales': async (db) => {
    for (const column of ['price', 'buyable', 'description'])
      await sql`alter table member_levels drop column ${sql.ref(column)}`.execute(db);
  },
  '0013-site-layouts': async (db) => {
    await db.schema.dropTable('site_layout_versions').execute();
    await db.schema.dropTable('site_layout_drafts').execute();
  },
  '0014-sites-extra': async (db) => {
    await db.schema.dropIndex('sites_owner_uq').execute();
    await sql`alter table sites drop column reminded_days`.execute(db);
  },
  '0015-site-payment-accounts': async (db) => {
    await db.schema.dropIndex('orders_payee_status_idx').execute();
    await db.schema.dropIndex('payment_accounts_site_idx').execute();
    for (const [table, column] of [
      ['orders', 'site_cost'],
      ['orders', 'payee_site_id'],
      ['payment_accounts', 'site_id'],
    ] as const)
      await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
  },
  '0016-supply': async (db) => {
    await db.schema.dropIndex('orders_goods_owner_idx').execute();
    for (const table of ['supply_settlements', 'supply_tasks', 'supply_reviews', 'suppliers'])
      await db.schema.dropTable(table).execute();
  },
  '0020-promotion': async (db) => {
    for (const table of [
      'promotion_site_rates',
      'promotion_rate_overrides',
      'promotion_members',
      'promotion_collects',
      'promotion_commissions',
    ])
      await db.schema.dropTable(table).execute();
  },
  '0021-site-open-requests': async (db) => {
    await db.schema.dropTable('site_open_requests').execute();
  },
  '0023-shared-store': async (db) => {
    await db.schema.dropTable('shared_store_trades').execute();
  },
  '0026-supplier-suspended-goods': async (db) => {
    await sql`alter table suppliers drop column suspended_goods`.execute(db);
  },
  '0030-orders-partial-indexes': async (db) => {
    // Back to the full indexes of 0015 and 0016.
    await db.schema.dropIndex('orders_payee_status_idx').execute();
    await db.schema.createIndex('orders_payee_status_idx').on('orders').columns(['payee_site_id', 'status']).execute();
    await db.schema.dropIndex('orders_goods_owner_idx').execute();
    await db.schema.createIndex('orders_goods_owner_idx').on('orders').columns(['goods_owner_id', 'id']).execute();
  },
  '0031-domain-events-type-index': async (db) => {
    await db.schema.createIndex('domain_events_type_idx').on('domain_events').columns(['type', 'created_at']).execute();
  },
  '0029-short-deliveries': async (db) => {
    for (const column of ['part', 'part_quantity', 'parts', 'refund_amount'])
      await sql`alter table docking_procurements drop column ${sql.ref(column)}`.execute(db);
    for (const table of ['open_api_keys', 'openapi_keys'])
      await sql`alter table ${sql.table(table)} drop column no_sale_pwd`.execute(db);
  },
  '0019-cdk': async (db) => {
    for (const table of ['cdk_redemptions', 'cdk_codes', 'cdk_batches']) await db.schema.dropTable(table).execute();
  },
  '0018-messages': async (db) => {
    for (const table of [
      'message_deliveries',
      'message_robots',
      'message_broadcasts',
      'restock_subscriptions',
      'message_bind_codes',
      'message_chats',
      'message_prefs',
      'message_counters',
      'messages',
    ])
      await db.schema.dropTable(table).execute();
  },
  '0017-complaints': async (db) => {
    for (const table of [
      'service_replies',
      'consultation_messages',
      'consultations',
      'complaint_files',
      'complaint_messages',
      'complaints',
    ])
      await db.schema.dropTable(table).execute();
  },
};

/** What the newest migration must have left after the upgrade, beyond the shop serving its data. */
const AFTER: Record<string, (db: Db) => Promise<void>> = {
  '0012-level-sales': async (db) => {
    // The levels kept, now without a price and not for sale.
    const levels = await db.selectFrom('member_levels').select(['name', 'price', 'buyable']).orderBy('sort').execute();
    expect(levels.map((l) => [l.name, l.price, Number(l.buyable)])).toEqual([
      ['普通会员', null, 0],
      ['高级会员', null, 0],
      ['VIP会员', null, 0],
    ]);
  },
  '0013-site-layouts': async (db) => {
    expect(await db.selectFrom('site_layout_drafts').select('id').execute()).toEqual([]);
  },
  '0014-sites-extra': async (db) => {
    expect(await db.selectFrom('sites').select('reminded_days').where('id', '=', 1).execute()).toEqual([
      { reminded_days: null },
    ]);
  },
  '0015-site-payment-accounts': async (db) => {
    // The platform's accounts stay the platform's; orders keep no owner cost.
    const accounts = await db.selectFrom('payment_accounts').select('site_id').execute();
    expect(accounts.every((a) => a.site_id === null)).toBe(true);
    const orders = await db.selectFrom('orders').select(['site_cost', 'payee_site_id']).execute();
    expect(orders.map((o) => [Number(o.site_cost), o.payee_site_id])).toEqual([[0, null]]);
  },
  '0016-supply': async (db) => {
    // No suppliers yet; the platform's order earns no settlement.
    expect(await db.selectFrom('suppliers').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('supply_settlements').select('id').execute()).toEqual([]);
  },
  '0020-promotion': async (db) => {
    // New tables, empty: orders delivered before the upgrade earned no commissions.
    expect(await db.selectFrom('promotion_commissions').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('promotion_members').select('user_id').execute()).toEqual([]);
  },
  '0021-site-open-requests': async (db) => {
    expect(await db.selectFrom('site_open_requests').select('user_id').execute()).toEqual([]);
  },
  '0023-shared-store': async (db) => {
    expect(await db.selectFrom('shared_store_trades').select('id').execute()).toEqual([]);
  },
  '0028-goods-limit-audit': async (db) => {
    // Rows from before name no site; the shop has no capped sub-site, so no shelf was seeded.
    const rows = await db.selectFrom('audit_logs').select('site_id').execute();
    for (const r of rows) expect(r.site_id).toBeNull();
    expect(await db.selectFrom('site_goods').select('id').execute()).toEqual([]);
  },
  '0026-supplier-suspended-goods': async (db) => {
    // Suppliers from before the upgrade have nothing a suspension took off sale.
    const rows = await db.selectFrom('suppliers').select('suspended_goods').execute();
    for (const r of rows) expect(r.suspended_goods).toBe('[]');
  },
  '0030-orders-partial-indexes': async (db) => {
    // Both indexes now hold only the orders that have the column set.
    const defs = await indexDefinitions(db, ['orders_goods_owner_idx', 'orders_payee_status_idx']);
    expect(defs).toHaveLength(2);
    for (const def of defs) expect(def).toMatch(/where\s+\(?"?(goods_owner_id|payee_site_id)"? is not null/i);
  },
  '0031-domain-events-type-index': async (db) => {
    // The index is gone (nothing read events by kind).
    expect(await indexDefinitions(db, ['domain_events_type_idx'])).toEqual([]);
  },
  '0029-short-deliveries': async (db) => {
    // Keys from before the upgrade keep asking for the sale password; no procurement took a part.
    for (const k of await db.selectFrom('openapi_keys').select('no_sale_pwd').execute()) expect(k.no_sale_pwd).toBe(0);
    for (const k of await db.selectFrom('open_api_keys').select('no_sale_pwd').execute()) expect(k.no_sale_pwd).toBe(0);
    const rows = await db.selectFrom('docking_procurements').select(['part', 'parts', 'refund_amount']).execute();
    for (const r of rows) expect([r.part, r.parts, Number(r.refund_amount)]).toEqual([1, '[]', 0]);
  },
  '0019-cdk': async (db) => {
    expect(await db.selectFrom('cdk_batches').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('cdk_codes').select('id').execute()).toEqual([]);
  },
  '0018-messages': async (db) => {
    // The tables are there; whatever messages the upgraded shop wrote since, each counter matches them.
    const unread = await db.selectFrom('messages').select('user_id').where('read_at', 'is', null).execute();
    const counters = await db.selectFrom('message_counters').select(['user_id', 'unread']).execute();
    for (const c of counters)
      expect(Number(c.unread)).toBe(unread.filter((m) => Number(m.user_id) === Number(c.user_id)).length);
  },
  '0017-complaints': async (db) => {
    // The new tables are there and empty: nothing held, nothing asked.
    expect(await db.selectFrom('complaints').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('consultations').select('id').execute()).toEqual([]);
  },
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(dialects())('upgrade from the previous migration level with data, on %s', (dialect) => {
  it('migrates the new level on start, and the shop serves its existing data', async () => {
    const database = await freshDatabase(dialect);
    cleanups.push(database.drop);
    const on = { config: { databaseUrl: database.url, redisUrl: undefined } } as unknown as TestApp;
    const latest = MIGRATION_NAMES.at(-1)!;

    // The shop as it runs today: a member, an order, the demo goods.
    const before = await buildInstanceElsewhere(on, database.dataDir);
    const member = await registerMember(before);
    const goods = await before.post('/inside/goods/getList', { keyword: 'Steam' });
    const goodsId = goods.json.data.list[0].id as number;
    const order = await before.post(
      '/inside/order/create',
      { goodsId, quantity: 1, contact: 'up@example.com', queryPassword: 'look123456' },
      member.token,
    );
    expect(order.json.code, order.json.msg).toBe(1000);
    // …taken back to the previous level: its last migration undone (forward-only migrations
    // have no down). A new migration must teach this test how to undo it (UNDO below).
    const undo = UNDO[latest];
    expect(undo, `teach upgrade.test.ts to undo ${latest}`).toBeDefined();
    await undo!(before.deps.db);
    // An event as a release before 0010 left it (0010 marks such rows dispatched at their
    // creation): the row and its own dispatch job, still queued.
    const createdAt = Date.now();
    const { id: eventId } = await sql<{ id: number }>`
      insert into domain_events (type, payload, created_at, dispatched_at)
      values ('account.newPlaceLogin', ${JSON.stringify({ userId: 1, ip: '8.8.8.8', address: '美国', previousAddress: '江苏省' })}, ${createdAt}, ${createdAt})
      returning id`
      .execute(before.deps.db)
      .then((r) => r.rows[0]!);
    await enqueueJob(
      before.deps.db,
      DISPATCH_JOB,
      { eventId: Number(eventId) },
      { uniqueKey: `${DISPATCH_JOB}:${eventId}` },
    );
    await before.deps.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', latest as never)
      .execute();
    await before.dispose();

    // This release starts on it: migrates, and everything is still there.
    const after = await buildInstanceElsewhere(on, database.dataDir);
    cleanups.push(() => after.dispose());
    const applied = await after.deps.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect((applied as { name: string }[]).map((r) => r.name)).toEqual([...MIGRATION_NAMES]);
    expect((await after.post('/user/login', { account: member.loginName, password: member.password })).json.code).toBe(
      1000,
    );
    const mine = await after.post('/inside/order/getList', {}, member.token);
    expect(mine.json.data.list.map((o: { orderNo: string }) => o.orderNo)).toContain(order.json.data.orderNo);
    expect((await after.post('/inside/goods/getList', { keyword: 'Steam' })).json.data.total).toBe(2);
    await AFTER[latest]?.(after.deps.db);
    // The old event counts as dispatched; its queued dispatch job still hands it to its consumer, once.
    const events = await after.deps.db
      .selectFrom('domain_events')
      .select(['id', 'dispatched_at', 'created_at'])
      .execute();
    expect(events.map((e) => [Number(e.id), Number(e.dispatched_at)])).toEqual([
      [Number(eventId), Number(events[0]!.created_at)],
    ]);
    for (let round = 0; round < 3; round++) await after.deps.jobs.runDue();
    const consumed = await after.deps.db
      .selectFrom('event_consumptions')
      .select(['consumer', 'event_id'])
      .where('event_id', '=', Number(eventId))
      .orderBy('consumer')
      .execute();
    expect(consumed.map((c) => [c.consumer, Number(c.event_id)])).toEqual([
      ['accounts.securityMail', Number(eventId)],
      ['messages.inbox', Number(eventId)],
    ]);
  });
});
