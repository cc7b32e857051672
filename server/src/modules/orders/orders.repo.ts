import type { Paged } from '@kapu/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { OrdersTable } from '../../core/db/schema.js';
import { prepared, preparedInsert } from '../../core/db/prepared.js';
import { fetchPage } from '../../core/paging.js';
import { repealRowsTable } from '../stock/index.js';

export type OrderRow = Selectable<OrdersTable>;

export interface OrderFilter {
  /** Orders placed on this site; left out: on every site (staff, and a member's own orders). */
  siteId?: number;
  userId?: number;
  status?: OrderRow['status'];
  type?: OrderRow['goods_type'];
  goodsId?: number;
  orderNo?: string;
  contact?: string;
  keyword?: string;
  from?: number;
  to?: number;
}

// The hot reads of orders (lookup, detail, checkout), built once (core/db/prepared.ts).
const orderById = prepared((db: Db, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id));
const insertOrder = preparedInsert('orders', 'all');
const orderByNo = prepared((db: Db, siteId: number, orderNo: string) =>
  db.selectFrom('orders').selectAll().where('site_id', '=', siteId).where('order_no', '=', orderNo),
);
const orderByNoAnySite = prepared((db: Db, orderNo: string) =>
  db.selectFrom('orders').selectAll().where('order_no', '=', orderNo),
);

/** Orders of a site under the list filters. */
function filtered(db: Db, f: OrderFilter) {
  let q = db.selectFrom('orders');
  if (f.siteId !== undefined) q = q.where('site_id', '=', f.siteId);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.type) q = q.where('goods_type', '=', f.type);
  if (f.goodsId) q = q.where('goods_id', '=', f.goodsId);
  if (f.orderNo) q = q.where('order_no', '=', f.orderNo);
  if (f.contact) q = q.where('contact', '=', f.contact);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) =>
      eb.or([eb('order_no', '=', kw), eb('goods_name', 'like', `%${kw.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)]),
    );
  }
  return q;
}

/** Kysely only: orders (the void requests of their cards through stock's subquery). */
export const ordersRepo = {
  async insert(db: Db, row: Insertable<OrdersTable>) {
    return { id: (await insertOrder(db, row))!.id };
  },
  /** Inserts an order and answers the whole row as stored (defaults included). */
  async insertReturningRow(db: Db, row: Insertable<OrdersTable>) {
    return (await insertOrder(db, row)) as OrderRow;
  },
  byId(db: Db, id: number) {
    return orderById.first(db, id) as Promise<OrderRow | undefined>;
  },
  byNo(db: Db, siteId: number, orderNo: string) {
    return orderByNo.first(db, siteId, orderNo) as Promise<OrderRow | undefined>;
  },
  /** Order numbers are unique on the whole platform: staff and owners of the order find it anywhere. */
  byNoAnySite(db: Db, orderNo: string) {
    return orderByNoAnySite.first(db, orderNo) as Promise<OrderRow | undefined>;
  },
  /** Units a buyer holds of a goods in live orders (the per-user limit). */
  /**
   * What visitors hold right now (unpaid, unexpired orders without an account): orders from the
   * address, units of the goods from the address and from the contact, and units of the goods
   * held by all visitors.
   */
  async visitorHolds(db: Db, goodsId: number, ip: string, contact: string, now: number) {
    const unpaid = db
      .selectFrom('orders')
      .where('status', '=', 'unpaid')
      .where('user_id', 'is', null)
      .where('expires_at', '>', now);
    const [byIp, ofGoods] = await Promise.all([
      unpaid
        .where('client_ip', '=', ip)
        .select((eb) => [
          eb.fn.countAll<number>().as('orders'),
          eb.fn
            .sum<number>(eb.case().when('goods_id', '=', goodsId).then(eb.ref('quantity')).else(0).end())
            .as('units'),
        ])
        .executeTakeFirst(),
      unpaid
        .where('goods_id', '=', goodsId)
        .select((eb) => [
          eb.fn.sum<number>('quantity').as('units'),
          eb.fn
            .sum<number>(eb.case().when('contact', '=', contact).then(eb.ref('quantity')).else(0).end())
            .as('contactUnits'),
        ])
        .executeTakeFirst(),
    ]);
    return {
      ipOrders: Number(byIp?.orders ?? 0),
      ipGoodsUnits: Number(byIp?.units ?? 0),
      contactGoodsUnits: Number(ofGoods?.contactUnits ?? 0),
      goodsUnits: Number(ofGoods?.units ?? 0),
    };
  },
  /** Whether any order (in any state) names the goods: such goods are never deleted. */
  async anyOfGoods(db: Db, goodsId: number): Promise<boolean> {
    return !!(await db.selectFrom('orders').select('id').where('goods_id', '=', goodsId).limit(1).executeTakeFirst());
  },
  async boughtQuantity(db: Db, goodsId: number, who: { userId: number } | { contact: string }) {
    let q = db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('goods_id', '=', goodsId)
      .where('status', 'not in', ['expired', 'cancelled', 'refunded']);
    q =
      'userId' in who
        ? q.where('user_id', '=', who.userId)
        : q.where('user_id', 'is', null).where('contact', '=', who.contact);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  async page(db: Db, f: OrderFilter, page: number, pageSize: number) {
    return (await fetchPage(filtered(db, f).selectAll().orderBy('id', 'desc'), { page, pageSize })) as Paged<OrderRow>;
  },
  /** Orders of a site paid into its owner's own account that wait for the owner to pay the buyer back (decision 0010). */
  async ownerRefundsDue(db: Db, siteId: number, page: number, pageSize: number) {
    const q = db
      .selectFrom('orders')
      .selectAll()
      .where('payee_site_id', '=', siteId)
      .where('status', '=', 'refund_due')
      .orderBy('id', 'desc');
    return (await fetchPage(q, { page, pageSize })) as Paged<OrderRow>;
  },
  /** The newest `max` orders under a filter (exports). */
  newest(db: Db, f: OrderFilter, max: number) {
    return filtered(db, f).selectAll().orderBy('id', 'desc').limit(max).execute() as Promise<OrderRow[]>;
  },

  async repeals(db: Db, status: string | undefined, page: number, pageSize: number) {
    let q = db.selectFrom('orders').innerJoin(repealRowsTable(db, 'oc'), 'oc.order_id', 'orders.id');
    q = status ? q.where('oc.repeal_status', '=', status as 'requested') : q.where('oc.repeal_status', '!=', 'none');
    const rows = q
      .select([
        'oc.id',
        'orders.order_no',
        'orders.user_id',
        'orders.goods_name',
        'orders.unit_price',
        'oc.repeal_status',
        'oc.repeal_reason',
        'oc.repeal_note',
        'oc.repeal_requested_at',
      ])
      .orderBy('oc.id', 'desc');
    return fetchPage(rows, { page, pageSize });
  },
  addRefund(db: Db, orderId: number, amount: number, now: number) {
    return db
      .updateTable('orders')
      .set((eb) => ({ refund_amount: eb('refund_amount', '+', amount), refunded_at: now, updated_at: now }))
      .where('id', '=', orderId)
      .execute();
  },
};
