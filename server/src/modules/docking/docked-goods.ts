import {
  SYNC_FIELDS,
  type DockingGoodsView,
  type DockingImportAnswer,
  type DockingSourceView,
  type DockingSyncLogView,
  type Paged,
  type dockingGoodsSaveInput,
  type dockingGoodsStateInput,
  type dockingImportInput,
  type dockingListInput,
  type dockingModerateInput,
  type dockingSourceAddInput,
  type dockingSyncLogInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import {
  deleteUnorderedGoods,
  goodsRowsByIds,
  insertDockedGoods,
  moveOwnedGoodsStatus,
  platformDirExists,
  platformDirsByIds,
  updateOwnedGoods,
  type GoodsRow,
} from '../catalog/index.js';
import { ordersRepo } from '../orders/index.js';
import { PLATFORM_SITE_ID, siteLabels, siteRulesFor } from '../sites/index.js';
import { UpstreamError, type UpstreamGoods } from './driver.js';
import { driverFor } from './drivers/index.js';
import { upstreamFailure, type ConnectionsService, type DockingScope } from './connections.js';
import { DEFAULT_OWNERSHIP, planSync, readOwnership, sellingPrice, type Markup, type UpstreamState } from './rules.js';
import type { DockingGoodsTable, DockingSourcesTable } from './tables.js';

type DockedRow = Selectable<DockingGoodsTable>;
type SourceRow = Selectable<DockingSourcesTable>;

const yuan = (fen: number) => (fen / 100).toFixed(2);

function markupOf(input: { markupKind: 'percent' | 'fixed'; markupPercent?: number; markupFixed?: number }): Markup {
  return input.markupKind === 'percent'
    ? { kind: 'percent', value: Math.round((input.markupPercent ?? 0) * 100) }
    : { kind: 'fixed', value: input.markupFixed ?? 0 };
}

/** A recharge field key the storefront accepts, from the upstream's field name. */
function fieldKey(name: string, i: number): string {
  return /^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(name) ? name : `field${i + 1}`;
}

function parseImages(raw: string): string[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Docked goods (decision 0016): importing upstream goods as the platform's goods with a markup,
 * their sources in priority order, their sync ownership and rules, and the sync itself (pull per
 * connection, push per goods) with its log.
 */
export function dockedGoodsService(deps: Deps, connections: ConnectionsService) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  async function docked(siteId: number, goodsId: number): Promise<DockedRow> {
    const d = await db
      .selectFrom('docking_goods')
      .selectAll()
      .where('goods_id', '=', goodsId)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!d) throw businessError('DOCKING_GOODS_NOT_FOUND');
    return d;
  }

  function sourcesOf(dbx: Db, goodsIds: readonly number[]) {
    if (goodsIds.length === 0) return Promise.resolve([] as SourceRow[]);
    return dbx
      .selectFrom('docking_sources')
      .selectAll()
      .where('goods_id', 'in', [...goodsIds])
      .orderBy('priority')
      .orderBy('id')
      .execute();
  }

  async function view(
    d: DockedRow,
    g: GoodsRow | undefined,
    sources: SourceRow[],
    names: Map<number, string>,
    sites: Map<number, { title: string }>,
  ) {
    const markupPercent = d.markup_kind === 'percent' ? d.markup_value / 100 : 0;
    return {
      goodsId: d.goods_id,
      siteId: d.site_id,
      siteName: sites.get(d.site_id)?.title ?? '',
      name: g?.name ?? '',
      price: yuan(g?.price ?? 0),
      stock: g?.stock ?? null,
      status: g?.status ?? 'paused',
      importCost: yuan(d.import_cost),
      cost: yuan(d.cost),
      markupKind: d.markup_kind,
      markupPercent,
      markupFixed: d.markup_kind === 'fixed' ? yuan(d.markup_value) : '0.00',
      priceRule: d.price_rule,
      pauseWhenOutOfStock: d.pause_out_of_stock === 1,
      costBoundPercent: d.cost_bound_pct,
      ownership: readOwnership(d.ownership),
      sources: sources.map((s): DockingSourceView => ({
        id: s.id,
        connectionId: s.connection_id,
        connectionName: names.get(s.connection_id) ?? '',
        ref: s.ref,
        priority: s.priority,
        cost: yuan(s.cost),
        stock: s.stock,
        onSale: s.on_sale === 1,
      })),
      lastSyncAt: time(d.last_sync_at),
    } satisfies DockingGoodsView;
  }

  /** Names of the connections the sources use (all of one site: a source only uses its site's connections). */
  async function connectionNames(sources: readonly SourceRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(sources.map((s) => s.connection_id))];
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('docking_connections').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** A platform directory a site shows (neither it nor its parent hidden there): where an owner imports. */
  async function checkImportDir(siteId: number, dirId: number): Promise<void> {
    if (!(await platformDirExists(db, PLATFORM_SITE_ID, dirId))) throw businessError('DOCKING_DIR_NOT_FOUND');
    if (siteId === PLATFORM_SITE_ID) return;
    const own = (await siteRulesFor(db).of(siteId)).dirs;
    const parentId = (await platformDirsByIds(db, [dirId])).get(dirId)?.parentId ?? null;
    if (own.get(dirId)?.hidden || (parentId !== null && own.get(parentId)?.hidden))
      throw businessError('DOCKING_DIR_NOT_FOUND', '目标分类在你的分站已隐藏，请先在“分类管理”中显示它');
  }

  /**
   * Applies the upstream's state to docked goods (the sources already hold it): per goods, the first
   * usable source sets the cost, the sources' stocks add up, the plan keeps the merchant's fields;
   * changes and skipped fields are logged. Goods whose sources did not change are left alone.
   */
  async function applySync(goodsIds: readonly number[], via: 'pull' | 'push', fresh: Map<string, UpstreamGoods>) {
    if (goodsIds.length === 0) return 0;
    const now = Date.now();
    let changed = 0;
    for (let i = 0; i < goodsIds.length; i += 200) {
      const ids = goodsIds.slice(i, i + 200);
      const [rows, goods, sources] = await Promise.all([
        db.selectFrom('docking_goods').selectAll().where('goods_id', 'in', ids).execute(),
        goodsRowsByIds(db, ids),
        sourcesOf(db, ids),
      ]);
      for (const d of rows) {
        const g = goods.get(d.goods_id);
        if (!g) continue;
        const mine = sources.filter((s) => s.goods_id === d.goods_id);
        if (mine.length === 0) continue;
        const usable = mine.find((s) => s.on_sale === 1 && (s.stock === null || s.stock > 0)) ?? mine[0]!;
        const info = fresh.get(`${usable.connection_id}:${usable.ref}`);
        const anyUnlimited = mine.some((s) => s.on_sale === 1 && s.stock === null);
        const up: UpstreamState = {
          name: info?.name || g.name,
          description: info?.description || g.description,
          images: info && info.images.length > 0 ? info.images : parseImages(g.images),
          cost: usable.cost,
          onSale: mine.some((s) => s.on_sale === 1),
          stock: anyUnlimited ? null : mine.reduce((n, s) => n + (s.on_sale === 1 ? (s.stock ?? 0) : 0), 0),
        };
        const plan = planSync(
          {
            name: g.name,
            description: g.description,
            images: parseImages(g.images),
            price: g.price,
            status: g.status,
            stock: g.stock,
          },
          up,
          {
            ownership: readOwnership(d.ownership),
            markup: { kind: d.markup_kind, value: d.markup_value },
            priceRule: d.price_rule,
            pauseOutOfStock: d.pause_out_of_stock === 1,
            importCost: d.import_cost,
            costBoundPct: d.cost_bound_pct,
            pausedBySync: d.paused_by_sync === 1,
          },
        );
        const costChanged = usable.cost !== d.cost;
        if (plan.changes.length === 0 && !costChanged && (via === 'pull' || plan.skipped.length === 0)) continue;
        // Skipped fields are logged when the upstream moved (not on every quiet sync).
        const logSkipped = costChanged || plan.changes.length > 0 || via === 'push';
        changed++;
        await db.transaction().execute(async (trx) => {
          const { status, images, ...rest } = plan.set;
          const set = {
            ...rest,
            ...(images ? { images: JSON.stringify(images) } : {}),
            ...(costChanged ? { cost: usable.cost } : {}),
          };
          if (Object.keys(set).length > 0) await updateOwnedGoods(trx, g, set, now);
          if (status) await moveOwnedGoodsStatus(trx, g, status, now);
          await trx
            .updateTable('docking_goods')
            .set({ cost: usable.cost, paused_by_sync: plan.pausedBySync ? 1 : 0, last_sync_at: now })
            .where('id', '=', d.id)
            .execute();
          const lines = [...plan.changes, ...(logSkipped ? plan.skipped : [])];
          if (lines.length > 0)
            await trx
              .insertInto('docking_sync_logs')
              .values(
                lines.map((c) => ({
                  goods_id: d.goods_id,
                  site_id: d.site_id,
                  field: c.field,
                  from_value: c.from.slice(0, 300),
                  to_value: c.to.slice(0, 300),
                  note: c.note.slice(0, 300),
                  via,
                  created_at: now,
                })),
              )
              .execute();
        });
      }
    }
    return changed;
  }

  /** Writes the upstream's answers into the sources; answers the goods whose sources changed. */
  async function noteSources(
    rows: readonly SourceRow[],
    fresh: (s: SourceRow) => { cost: number; stock: number | null; onSale: boolean } | null,
    now: number,
  ): Promise<number[]> {
    const touched = new Set<number>();
    const updates: Array<{ id: number; cost: number; stock: number | null; on_sale: number }> = [];
    for (const s of rows) {
      const f = fresh(s);
      const next = f
        ? { cost: f.cost, stock: f.stock, on_sale: f.onSale ? 1 : 0 }
        : { cost: s.cost, stock: s.stock, on_sale: 0 };
      if (next.cost !== s.cost || next.stock !== s.stock || next.on_sale !== s.on_sale) {
        updates.push({ id: s.id, ...next });
        touched.add(s.goods_id);
      }
    }
    for (let i = 0; i < updates.length; i += 500) {
      await db.transaction().execute(async (trx) => {
        for (const u of updates.slice(i, i + 500))
          await trx
            .updateTable('docking_sources')
            .set({ cost: u.cost, stock: u.stock, on_sale: u.on_sale, synced_at: now })
            .where('id', '=', u.id)
            .execute();
      });
    }
    return [...touched];
  }

  return {
    docked,
    sourcesOf,

    /**
     * Imports upstream goods as goods of the scope's site: the platform's, or a sub-site's own
     * (decision 0018: sold on that site and the sites below it, priced from the owner's price).
     */
    async importGoods(scope: DockingScope, input: z.infer<typeof dockingImportInput>): Promise<DockingImportAnswer> {
      const c = await connections.byId(scope.siteId, input.connectionId);
      await checkImportDir(scope.siteId, input.dirId);
      const markup = markupOf(input);
      const endpoint = connections.endpointOf(c);
      const driver = driverFor(c.protocol);
      const refs = [...new Set(input.refs)];
      const already = new Set(
        (
          await db
            .selectFrom('docking_sources')
            .select('ref')
            .where('connection_id', '=', c.id)
            .where('ref', 'in', refs)
            .execute()
        ).map((r) => r.ref),
      );
      // Goods imported before are skipped; one that is gone upstream is skipped when importing several.
      const notImported = refs.filter((r) => !already.has(r));
      const fresh: UpstreamGoods[] = [];
      for (const ref of notImported) {
        try {
          fresh.push(await driver.goods(endpoint, ref));
        } catch (err) {
          if (err instanceof UpstreamError && err.options.kind === 'refused' && notImported.length > 1) continue;
          upstreamFailure(err);
        }
      }
      const now = Date.now();
      const goodsIds = await db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const u of fresh) {
          const template = u.fields.map((f, i) => ({
            key: fieldKey(f.name, i),
            label: (f.label || f.name).slice(0, 30),
            type: 'text',
            required: f.required,
          }));
          const goodsId = await insertDockedGoods(
            trx,
            scope.siteId,
            {
              dir_id: input.dirId,
              name: u.name,
              type: u.kind === 'recharge' ? 'recharge' : 'manual',
              description: u.description,
              images: u.images,
              price: sellingPrice(u.price, markup),
              cost: u.price,
              face_value: u.faceValue ?? 0,
              stock: u.stock,
              min_quantity: u.minQuantity,
              max_quantity: Math.min(u.maxQuantity, 10_000),
              recharge_template: JSON.stringify(template),
              on_sale: u.onSale && (u.stock === null || u.stock > 0),
            },
            now,
          );
          await trx
            .insertInto('docking_goods')
            .values({
              goods_id: goodsId,
              site_id: scope.siteId,
              upstream_kind: u.kind,
              ownership: JSON.stringify(DEFAULT_OWNERSHIP),
              markup_kind: markup.kind,
              markup_value: markup.value,
              price_rule: 'follow',
              pause_out_of_stock: 1,
              cost_bound_pct: null,
              import_cost: u.price,
              cost: u.price,
              paused_by_sync: u.onSale && (u.stock === null || u.stock > 0) ? 0 : 1,
              last_sync_at: now,
              created_at: now,
            })
            .execute();
          await trx
            .insertInto('docking_sources')
            .values({
              goods_id: goodsId,
              connection_id: c.id,
              ref: u.ref,
              priority: 1,
              cost: u.price,
              stock: u.stock,
              on_sale: u.onSale ? 1 : 0,
              fields: JSON.stringify(u.fields),
              synced_at: now,
            })
            .execute();
          ids.push(goodsId);
        }
        await scope.audit?.(trx, { target: `docking:${c.id}`, after: { imported: ids, markup } });
        return ids;
      });
      return { imported: goodsIds.length, skipped: refs.length - goodsIds.length, goodsIds };
    },

    /** The scope's docked goods; staff may list the sub-sites' own instead (`owner: 'sites'`, named by site). */
    async list(scope: DockingScope, input: z.infer<typeof dockingListInput>): Promise<Paged<DockingGoodsView>> {
      const ofSites = scope.siteId === PLATFORM_SITE_ID && scope.trusted && input.owner === 'sites';
      const rows = db.selectFrom('docking_goods').selectAll();
      const page = await fetchPage(
        (ofSites ? rows.where('site_id', '!=', PLATFORM_SITE_ID) : rows.where('site_id', '=', scope.siteId)).orderBy(
          'id',
          'desc',
        ),
        input,
      );
      const ids = page.list.map((d) => d.goods_id);
      const [goods, sources, sites] = await Promise.all([
        goodsRowsByIds(db, ids),
        sourcesOf(db, ids),
        siteLabels(
          db,
          page.list.map((d) => d.site_id),
        ),
      ]);
      const names = await connectionNames(sources);
      const list = await Promise.all(
        page.list.map((d) =>
          view(
            d,
            goods.get(d.goods_id),
            sources.filter((s) => s.goods_id === d.goods_id),
            names,
            sites,
          ),
        ),
      );
      const word = input.keyword?.toLowerCase();
      return { ...page, list: word ? list.filter((g) => g.name.toLowerCase().includes(word)) : list };
    },

    /** Sync ownership and rules of one docked goods; a price rule change applies at the next sync. */
    async save(scope: DockingScope, input: z.infer<typeof dockingGoodsSaveInput>): Promise<{ saved: true }> {
      const d = await docked(scope.siteId, input.goodsId);
      const markup = markupOf(input);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('docking_goods')
          .set({
            ownership: JSON.stringify(
              Object.fromEntries(SYNC_FIELDS.map((f) => [f, input.keep.includes(f) ? 'mine' : 'upstream'])),
            ),
            price_rule: input.priceRule,
            markup_kind: markup.kind,
            markup_value: markup.value,
            pause_out_of_stock: input.pauseWhenOutOfStock ? 1 : 0,
            cost_bound_pct: input.costBoundPercent ?? null,
          })
          .where('id', '=', d.id)
          .execute();
        await scope.audit?.(trx, { target: `goods:${d.goods_id}`, before: d, after: input });
      });
      return { saved: true };
    },

    /**
     * The merchant's price and shelf of a docked goods. A price set here is the merchant's from now on
     * (the price field becomes "keep mine"); it may not go below the upstream cost (the procurement's
     * bound would refuse every order). Goods the platform banned stay banned for a site owner.
     */
    async setState(scope: DockingScope, input: z.infer<typeof dockingGoodsStateInput>): Promise<{ saved: true }> {
      const d = await docked(scope.siteId, input.goodsId);
      const g = (await goodsRowsByIds(db, [d.goods_id])).get(d.goods_id);
      if (!g) throw businessError('DOCKING_GOODS_NOT_FOUND');
      if (g.status === 'banned' && scope.siteId !== PLATFORM_SITE_ID) throw businessError('DOCKING_GOODS_BANNED');
      if (input.price !== undefined && input.price < d.cost)
        throw businessError('DOCKING_PRICE_BELOW_COST', `售价不能低于上游成本 ${yuan(d.cost)} 元`);
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        if (input.price !== undefined && input.price !== g.price) {
          await updateOwnedGoods(trx, g, { price: input.price }, now);
          await trx
            .updateTable('docking_goods')
            .set({ ownership: JSON.stringify({ ...readOwnership(d.ownership), price: 'mine' }) })
            .where('id', '=', d.id)
            .execute();
          await publishEvent(trx, 'goods.changed', { goodsId: g.id, siteId: Number(g.site_id), what: 'price' });
        }
        if (input.status !== undefined && input.status !== g.status) {
          if (!(await moveOwnedGoodsStatus(trx, g, input.status, now))) throw businessError('DOCKING_GOODS_NOT_FOUND');
          // The merchant decided: the sync no longer resumes (or counts as its own) this pause.
          await trx.updateTable('docking_goods').set({ paused_by_sync: 0 }).where('id', '=', d.id).execute();
          await publishEvent(trx, 'goods.changed', { goodsId: g.id, siteId: Number(g.site_id), what: 'status' });
        }
        await scope.audit?.(trx, {
          target: `goods:${g.id}`,
          before: { price: g.price, status: g.status },
          after: { price: input.price, status: input.status },
        });
      });
      return { saved: true };
    },

    /**
     * Removes a docked goods with its sources and sync log. Goods an order names are never deleted
     * (the order, its procurement and the buyer's page read them): those are taken off sale instead.
     */
    async remove(scope: DockingScope, goodsId: number): Promise<{ removed: true }> {
      const d = await docked(scope.siteId, goodsId);
      await db.transaction().execute(async (trx) => {
        const g = (await goodsRowsByIds(trx, [d.goods_id])).get(d.goods_id);
        // Off the shelf first, in this transaction: a checkout racing the removal waits on the row, then finds no goods.
        if (g) await moveOwnedGoodsStatus(trx, g, 'paused', Date.now());
        if (await ordersRepo.anyOfGoods(trx, d.goods_id)) throw businessError('DOCKING_GOODS_HAS_ORDERS');
        await trx.deleteFrom('docking_sources').where('goods_id', '=', d.goods_id).execute();
        await trx.deleteFrom('docking_sync_logs').where('goods_id', '=', d.goods_id).execute();
        await trx.deleteFrom('docking_goods').where('id', '=', d.id).execute();
        await deleteUnorderedGoods(trx, d.goods_id);
        await scope.audit?.(trx, { target: `goods:${d.goods_id}`, before: { name: g?.name, siteId: d.site_id } });
      });
      return { removed: true };
    },

    /**
     * Staff stop a sub-site's own goods (decision 0018): pause, ban (the owner cannot put it back on
     * sale), or allow it again. The sync never resumes what staff stopped.
     */
    async moderate(scope: DockingScope, input: z.infer<typeof dockingModerateInput>): Promise<{ saved: true }> {
      const d = await db
        .selectFrom('docking_goods')
        .selectAll()
        .where('goods_id', '=', input.goodsId)
        .where('site_id', '!=', PLATFORM_SITE_ID)
        .executeTakeFirst();
      if (!d || scope.siteId !== PLATFORM_SITE_ID || !scope.trusted) throw businessError('DOCKING_GOODS_NOT_FOUND');
      const g = (await goodsRowsByIds(db, [d.goods_id])).get(d.goods_id);
      if (!g) throw businessError('DOCKING_GOODS_NOT_FOUND');
      if (g.status === input.status) return { saved: true };
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        if (!(await moveOwnedGoodsStatus(trx, g, input.status, now))) throw businessError('DOCKING_GOODS_NOT_FOUND');
        await trx.updateTable('docking_goods').set({ paused_by_sync: 0 }).where('id', '=', d.id).execute();
        await publishEvent(trx, 'goods.changed', { goodsId: g.id, siteId: Number(g.site_id), what: 'status' });
        await scope.audit?.(trx, {
          target: `goods:${g.id}`,
          before: { status: g.status, siteId: d.site_id },
          after: { status: input.status },
        });
      });
      return { saved: true };
    },

    async addSource(scope: DockingScope, input: z.infer<typeof dockingSourceAddInput>): Promise<DockingSourceView> {
      const d = await docked(scope.siteId, input.goodsId);
      const c = await connections.byId(scope.siteId, input.connectionId);
      const u = await driverFor(c.protocol).goods(connections.endpointOf(c), input.ref).catch(upstreamFailure);
      const existing = await sourcesOf(db, [d.goods_id]);
      if (existing.some((s) => s.connection_id === c.id && s.ref === u.ref))
        throw businessError('DOCKING_ALREADY_IMPORTED');
      const priority = existing.reduce((m, s) => Math.max(m, s.priority), 0) + 1;
      const row = await db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('docking_sources')
          .values({
            goods_id: d.goods_id,
            connection_id: c.id,
            ref: u.ref,
            priority,
            cost: u.price,
            stock: u.stock,
            on_sale: u.onSale ? 1 : 0,
            fields: JSON.stringify(u.fields),
            synced_at: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await scope.audit?.(trx, { target: `goods:${d.goods_id}`, after: { connectionId: c.id, ref: u.ref } });
        return r;
      });
      return {
        id: row.id,
        connectionId: c.id,
        connectionName: c.name,
        ref: row.ref,
        priority: row.priority,
        cost: yuan(row.cost),
        stock: row.stock,
        onSale: row.on_sale === 1,
      };
    },

    async removeSource(scope: DockingScope, id: number): Promise<{ removed: true }> {
      const s = await db.selectFrom('docking_sources').selectAll().where('id', '=', id).executeTakeFirst();
      if (!s) throw businessError('DOCKING_SOURCE_NOT_FOUND');
      await docked(scope.siteId, s.goods_id);
      const all = await sourcesOf(db, [s.goods_id]);
      if (all.length <= 1) throw businessError('DOCKING_LAST_SOURCE');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('docking_sources').where('id', '=', s.id).execute();
        await scope.audit?.(trx, {
          target: `goods:${s.goods_id}`,
          before: { connectionId: s.connection_id, ref: s.ref },
        });
      });
      return { removed: true };
    },

    async moveSource(scope: DockingScope, id: number, priority: number): Promise<{ saved: true }> {
      const s = await db.selectFrom('docking_sources').selectAll().where('id', '=', id).executeTakeFirst();
      if (!s) throw businessError('DOCKING_SOURCE_NOT_FOUND');
      await docked(scope.siteId, s.goods_id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('docking_sources').set({ priority }).where('id', '=', s.id).execute();
        await scope.audit?.(trx, {
          target: `goods:${s.goods_id}`,
          before: { priority: s.priority },
          after: { priority },
        });
      });
      return { saved: true };
    },

    /**
     * Pull sync of one connection: the upstream's whole list in one paging pass, written into the
     * sources, then every docked goods whose sources moved is planned and applied.
     */
    async syncConnection(connectionId: number): Promise<{ goods: number; changed: number }> {
      const c = await db
        .selectFrom('docking_connections')
        .selectAll()
        .where('id', '=', connectionId)
        .executeTakeFirst();
      if (!c) return { goods: 0, changed: 0 };
      const now = Date.now();
      let list: UpstreamGoods[];
      try {
        list = await driverFor(c.protocol).listGoods(connections.endpointOf(c));
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        await db
          .updateTable('docking_connections')
          .set({ last_error: `同步失败：${err.message}`.slice(0, 300), last_sync_at: now })
          .where('id', '=', c.id)
          .execute();
        return { goods: 0, changed: 0 };
      }
      const byRef = new Map(list.map((g) => [g.ref, g]));
      const fresh = new Map(list.map((g) => [`${c.id}:${g.ref}`, g]));
      const sources = await db.selectFrom('docking_sources').selectAll().where('connection_id', '=', c.id).execute();
      const touched = await noteSources(
        sources,
        (s) => {
          const g = byRef.get(s.ref);
          return g ? { cost: g.price, stock: g.stock, onSale: g.onSale } : null;
        },
        now,
      );
      // Goods with a source here whose fields may have moved (names, descriptions) are planned too.
      const all = [...new Set([...touched, ...sources.map((s) => s.goods_id)])];
      const changed = await applySync(all, 'pull', fresh);
      await db
        .updateTable('docking_connections')
        .set({ last_error: '', last_sync_at: now })
        .where('id', '=', c.id)
        .execute();
      return { goods: all.length, changed };
    },

    /** A goods-change push (signature checked by the caller): the sources of that goods, then their goods. */
    async applyPush(
      connectionId: number,
      push: { ref: string; cost: number | null; stock: number | null | undefined; onSale: boolean | undefined },
    ): Promise<number> {
      const sources = await db
        .selectFrom('docking_sources')
        .selectAll()
        .where('connection_id', '=', connectionId)
        .where('ref', '=', push.ref)
        .execute();
      if (sources.length === 0) return 0;
      const touched = await noteSources(
        sources,
        (s) => ({
          cost: push.cost ?? s.cost,
          stock: push.stock === undefined ? s.stock : push.stock,
          onSale: push.onSale ?? s.on_sale === 1,
        }),
        Date.now(),
      );
      return applySync(touched, 'push', new Map());
    },

    async syncLogs(
      scope: DockingScope,
      input: z.infer<typeof dockingSyncLogInput>,
    ): Promise<Paged<DockingSyncLogView>> {
      let q = db.selectFrom('docking_sync_logs').selectAll().where('site_id', '=', scope.siteId);
      if (input.goodsId) q = q.where('goods_id', '=', input.goodsId);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const goods = await goodsRowsByIds(db, [...new Set(page.list.map((l) => l.goods_id))]);
      return {
        ...page,
        list: page.list.map((l) => ({
          id: l.id,
          goodsId: l.goods_id,
          goodsName: goods.get(l.goods_id)?.name ?? '',
          field: l.field,
          from: l.from_value,
          to: l.to_value,
          note: l.note,
          via: l.via,
          createdAt: time(l.created_at),
        })),
      };
    },
  };
}
export type DockedGoodsService = ReturnType<typeof dockedGoodsService>;
