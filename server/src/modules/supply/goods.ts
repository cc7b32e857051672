import {
  GoodsTypeLabels,
  ReviewKindLabels,
  ReviewStatusLabels,
  type AdminReviewRow,
  type Paged,
  type RechargeField,
  type SupplierGoodsRow,
  type SupplierGoodsSaveInput,
  type adminReviewListInput,
  type reviewDecideInput,
  type supplierGoodsListInput,
  type z,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { writeAudit } from '../../core/calls.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberLabels } from '../accounts/index.js';
import {
  findGoodsOfShop,
  insertOwnedGoods,
  moveOwnedGoodsStatus,
  ownedGoods,
  ownedGoodsQuery,
  platformDirExists,
  updateOwnedGoods,
  type GoodsRow,
} from '../catalog/index.js';
import { PLATFORM_SITE_ID } from '../sites/index.js';
import { availableCardCounts } from '../stock/index.js';
import { reviewMachine } from './machines.js';
import { alertOf } from './settlements.js';
import { requireSupplier } from './suppliers.js';

const GOODS_STATUS_TEXT = { on_sale: '在售', paused: '已下架', banned: '已禁售' } as const;

function parseTemplate(raw: string): RechargeField[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? (v as RechargeField[]) : [];
  } catch {
    return [];
  }
}

/** The latest review of each goods. */
async function latestReviews(db: Db, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return new Map<number, Awaited<ReturnType<typeof reviewsOf>>[number]>();
  const rows = await reviewsOf(db, goodsIds);
  const latest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.goods_id)) latest.set(r.goods_id, r);
  return latest;
}
function reviewsOf(db: Db, goodsIds: readonly number[]) {
  return db
    .selectFrom('supply_reviews')
    .selectAll()
    .where('goods_id', 'in', [...goodsIds])
    .orderBy('id', 'desc')
    .execute();
}

/** Whether the platform ever approved the goods (its `new` review). */
async function approvedGoods(db: Db, goodsIds: readonly number[]): Promise<Set<number>> {
  if (goodsIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('supply_reviews')
    .select('goods_id')
    .where('goods_id', 'in', [...goodsIds])
    .where('kind', '=', 'new')
    .where('status', '=', 'approved')
    .execute();
  return new Set(rows.map((r) => r.goods_id));
}

function pendingReview(db: Db, goodsId: number) {
  return db
    .selectFrom('supply_reviews')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * Of these suppliers' goods, the ones that may not go on sale: a review is pending, or the
 * platform never approved them. Staff putting goods on sale are refused these (catalog's guard).
 */
export async function goodsHeldByReview(db: Db, supplierGoodsIds: readonly number[]): Promise<number[]> {
  if (supplierGoodsIds.length === 0) return [];
  const ids = [...supplierGoodsIds];
  const [approved, pending] = await Promise.all([
    approvedGoods(db, ids),
    db
      .selectFrom('supply_reviews')
      .select('goods_id')
      .where('goods_id', 'in', ids)
      .where('status', '=', 'pending')
      .execute(),
  ]);
  const held = new Set(pending.map((r) => r.goods_id));
  for (const id of ids) if (!approved.has(id)) held.add(id);
  return [...held];
}

/** The supplier's goods and the platform's review of new goods and cost rises. */
export function supplyGoodsService(deps: Deps) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  async function rows(goods: GoodsRow[], alerts: string): Promise<SupplierGoodsRow[]> {
    const ids = goods.map((g) => g.id);
    const [cards, reviews, approved] = await Promise.all([
      availableCardCounts(
        db,
        goods.filter((g) => g.type === 'card').map((g) => g.id),
      ),
      latestReviews(db, ids),
      approvedGoods(db, ids),
    ]);
    return goods.map((g) => {
      const r = reviews.get(g.id);
      return {
        id: g.id,
        dirId: g.dir_id,
        name: g.name,
        type: g.type,
        typeText: GoodsTypeLabels[g.type],
        cost: g.cost,
        price: g.price,
        stock: g.type === 'card' ? (cards.get(g.id) ?? 0) : g.stock,
        soldCount: g.sold_count,
        status: g.status,
        statusText: r?.status === 'pending' ? '审核中' : GOODS_STATUS_TEXT[g.status],
        faceValue: g.face_value,
        description: g.description,
        rechargeTemplate: parseTemplate(g.recharge_template),
        minQuantity: g.min_quantity,
        maxQuantity: g.max_quantity,
        contactType: g.contact_type,
        lowStockAt: alertOf(alerts, g.id),
        review: r
          ? {
              kind: r.kind,
              status: r.status,
              statusText: ReviewStatusLabels[r.status],
              cost: r.cost,
              reason: r.reason,
            }
          : null,
        approved: approved.has(g.id),
      };
    });
  }

  async function setAlert(trx: Db, supplierId: number, alerts: string, goodsId: number, threshold: number) {
    let map: Record<string, number> = {};
    try {
      map = JSON.parse(alerts) as Record<string, number>;
    } catch {
      map = {};
    }
    if ((map[String(goodsId)] ?? 0) === threshold) return;
    if (threshold > 0) map[String(goodsId)] = threshold;
    else delete map[String(goodsId)];
    await trx
      .updateTable('suppliers')
      .set({ stock_alerts: JSON.stringify(map), updated_at: Date.now() })
      .where('id', '=', supplierId)
      .execute();
  }

  return {
    async list(ctx: ActorContext, input: z.infer<typeof supplierGoodsListInput>): Promise<Paged<SupplierGoodsRow>> {
      const s = await requireSupplier(db, ctx);
      let q = ownedGoodsQuery(db, s.user_id);
      if (input.type) q = q.where('type', '=', input.type);
      if (input.keyword) q = q.where('name', 'like', `%${input.keyword.replace(/[%_\\]/g, '')}%`);
      if (input.state === 'review')
        q = q.where('id', 'in', db.selectFrom('supply_reviews').select('goods_id').where('status', '=', 'pending'));
      else if (input.state) q = q.where('status', '=', input.state);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      return { ...page, list: await rows(page.list, s.stock_alerts) };
    },

    /**
     * Creates or edits a goods of the supplier. New goods and cost rises wait for the platform's review
     * off the shelf; a lower cost and every other field apply at once. Another supplier's goods are "不存在".
     */
    async save(ctx: ActorContext, input: SupplierGoodsSaveInput): Promise<{ id: number; review: boolean }> {
      const s = await requireSupplier(db, ctx);
      if (!(await platformDirExists(db, PLATFORM_SITE_ID, input.dirId))) throw businessError('SUPPLY_DIR_NOT_FOUND');
      if (input.type === 'recharge' && !input.rechargeTemplate?.length) throw businessError('SUPPLY_TEMPLATE_REQUIRED');
      if (input.maxQuantity < input.minQuantity)
        throw businessError('BAD_INPUT', '最多购买数量不能小于最少购买数量', { field: 'maxQuantity' });
      const now = Date.now();
      const fields = {
        dir_id: input.dirId,
        name: input.name,
        face_value: input.faceValue ?? 0,
        stock: input.type === 'card' ? null : (input.stock ?? null),
        description: input.description ?? '',
        recharge_template: JSON.stringify(input.rechargeTemplate ?? []),
        min_quantity: input.minQuantity,
        max_quantity: input.maxQuantity,
        contact_type: input.contactType,
      };
      return db.transaction().execute(async (trx) => {
        if (!input.id) {
          const id = await insertOwnedGoods(
            trx,
            PLATFORM_SITE_ID,
            s.user_id,
            { ...fields, type: input.type, cost: input.cost },
            now,
          );
          await trx
            .insertInto('supply_reviews')
            .values({
              goods_id: id,
              supplier_user_id: s.user_id,
              kind: 'new',
              status: 'pending',
              cost: input.cost,
              previous_cost: 0,
              previous_status: 'paused',
              reason: '',
              decided_by: '',
              created_at: now,
              decided_at: null,
            })
            .execute();
          if (input.type === 'card') await setAlert(trx, s.id, s.stock_alerts, id, input.lowStockAt);
          return { id, review: true };
        }
        const before = await ownedGoods(trx, s.user_id, input.id);
        if (!before) throw businessError('SUPPLY_GOODS_NOT_FOUND');
        if (before.type !== input.type) throw businessError('SUPPLY_GOODS_TYPE_FIXED');
        const pending = await pendingReview(trx, before.id);
        let review = false;
        let cost: { cost?: number; price?: number } = {};
        if (input.cost !== before.cost) {
          if (pending?.kind === 'new') {
            // Not on sale yet: the request itself changes.
            await trx.updateTable('supply_reviews').set({ cost: input.cost }).where('id', '=', pending.id).execute();
            cost = { cost: input.cost, price: Math.max(before.price, input.cost) };
            review = true;
          } else if (pending) {
            throw businessError('SUPPLY_GOODS_IN_REVIEW');
          } else if (input.cost < before.cost) {
            cost = { cost: input.cost };
          } else {
            // A rise waits for the platform, off the shelf; the old cost stands until then.
            await trx
              .insertInto('supply_reviews')
              .values({
                goods_id: before.id,
                supplier_user_id: s.user_id,
                kind: 'cost_rise',
                status: 'pending',
                cost: input.cost,
                previous_cost: before.cost,
                previous_status: before.status,
                reason: '',
                decided_by: '',
                created_at: now,
                decided_at: null,
              })
              .execute();
            if (before.status === 'on_sale') await moveOwnedGoodsStatus(trx, before, 'paused', now);
            review = true;
          }
        }
        await updateOwnedGoods(trx, before, { ...fields, ...cost }, now);
        if (input.type === 'card') await setAlert(trx, s.id, s.stock_alerts, before.id, input.lowStockAt);
        return { id: before.id, review: review || pending !== undefined };
      });
    },

    /** The supplier lists or unlists an approved goods of theirs (not while a review waits, nor when banned). */
    async shelf(ctx: ActorContext, goodsId: number, onSale: boolean) {
      const s = await requireSupplier(db, ctx);
      return db.transaction().execute(async (trx) => {
        const g = await ownedGoods(trx, s.user_id, goodsId);
        if (!g) throw businessError('SUPPLY_GOODS_NOT_FOUND');
        if (await pendingReview(trx, g.id)) throw businessError('SUPPLY_GOODS_IN_REVIEW');
        if (!(await approvedGoods(trx, [g.id])).has(g.id)) throw businessError('SUPPLY_GOODS_NOT_APPROVED');
        if (g.status === 'banned') throw businessError('GOODS_NOT_ON_SALE', '该商品已被平台禁售，请联系客服');
        const to = onSale ? 'on_sale' : 'paused';
        if (!(await moveOwnedGoodsStatus(trx, g, to, Date.now()))) throw businessError('CONFLICT');
        return { status: to };
      });
    },

    // ---------- admin: 供货审核 ----------

    async reviews(ctx: RequestContext, input: z.infer<typeof adminReviewListInput>): Promise<Paged<AdminReviewRow>> {
      let q = db.selectFrom('supply_reviews').selectAll();
      if (input.status) q = q.where('status', '=', input.status);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const goods = new Map<number, GoodsRow>();
      for (const r of page.list)
        if (!goods.has(r.goods_id)) {
          const g = await findGoodsOfShop(db, r.goods_id).catch(() => null);
          if (g) goods.set(g.id, g);
        }
      const members = await memberLabels(
        db,
        page.list.map((r) => r.supplier_user_id),
      );
      return mapPage(page, (r) => {
        const g = goods.get(r.goods_id);
        return {
          id: r.id,
          goodsId: r.goods_id,
          goodsName: g?.name ?? '',
          goodsType: g?.type ?? 'manual',
          supplier: members.get(r.supplier_user_id) ?? null,
          kind: r.kind,
          kindText: ReviewKindLabels[r.kind],
          status: r.status,
          statusText: ReviewStatusLabels[r.status],
          cost: r.cost,
          previousCost: r.previous_cost,
          price: g?.price ?? 0,
          reason: r.reason,
          createdAt: time(r.created_at),
          decidedAt: time(r.decided_at),
        };
      });
    },

    /**
     * Approves (the cost applies, the selling price is set or kept, never under the cost; new goods go on
     * sale, a cost rise returns the goods to where it was) or rejects with a reason (new goods stay off the
     * shelf; a rise is dropped and the goods return at their old cost).
     */
    async decideReview(ctx: RequestContext, input: z.infer<typeof reviewDecideInput>) {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('supply_reviews').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!r || r.status !== 'pending') throw businessError('SUPPLY_REVIEW_NOT_FOUND');
        const g = await ownedGoods(trx, r.supplier_user_id, r.goods_id);
        if (!g) throw businessError('SUPPLY_GOODS_NOT_FOUND');
        const by = (ctx.actor?.name ?? '').slice(0, 60);
        if (input.approve) {
          const price = input.price ?? g.price;
          if (price < r.cost)
            throw businessError('SUPPLY_PRICE_BELOW_COST', `售价不能低于供货价 ¥${(r.cost / 100).toFixed(2)}`, {
              field: 'price',
            });
          if (!(await moveStatus(trx, reviewMachine, r.id, 'pending', 'approved', { decided_at: now, decided_by: by })))
            throw businessError('SUPPLY_REVIEW_NOT_FOUND');
          await updateOwnedGoods(trx, g, { cost: r.cost, price }, now);
          const back = r.kind === 'new' ? 'on_sale' : r.previous_status;
          if (g.status !== 'banned') await moveOwnedGoodsStatus(trx, g, back, now);
        } else {
          if (
            !(await moveStatus(trx, reviewMachine, r.id, 'pending', 'rejected', {
              decided_at: now,
              decided_by: by,
              reason: input.reason ?? '',
            }))
          )
            throw businessError('SUPPLY_REVIEW_NOT_FOUND');
          if (r.kind === 'cost_rise' && g.status !== 'banned')
            await moveOwnedGoodsStatus(trx, g, r.previous_status, now);
        }
        await writeAudit(ctx, trx, {
          target: `goods:${g.id}`,
          before: { cost: g.cost, price: g.price, status: g.status },
          after: {
            review: r.id,
            approve: input.approve,
            cost: r.cost,
            price: input.price ?? g.price,
            reason: input.reason,
          },
        });
        return { status: input.approve ? 'approved' : 'rejected' };
      });
    },
  };
}
export type SupplyGoodsService = ReturnType<typeof supplyGoodsService>;
