import {
  GoodsTypeLabels,
  ORDER_EXPORT_MAX_ROWS,
  OrderStatusLabels,
  SettlementStatusLabels,
  readBuyerInputs,
  type CsvExport,
  type Paged,
  type SupplierCardImport,
  type SupplierCardRow,
  type SupplierOrderRow,
  type supplierCardExportInput,
  type supplierCardImportInput,
  type supplierCardListInput,
  type supplierOrderExportInput,
  type supplierOrderListInput,
  type z,
} from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import { csvCell, csvDocument } from '../../core/csv.js';
import { bulkTransaction, type Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import { fetchPage } from '../../core/paging.js';
import { cardBoxFor } from '../../core/secret-box.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { ownedGoods, ownedGoodsQuery } from '../catalog/index.js';
import { ordersOfGoodsOwner, type SupplierOrderRow as OrderLine } from '../orders/index.js';
import {
  importCardBatch,
  ownerCardsPage,
  parseCardLines,
  splitCard,
  unsoldCardsOfOwner,
  voidOwnerCards,
} from '../stock/index.js';
import { settlementOf } from './settlement-math.js';
import { requireSupplier } from './suppliers.js';

const CARD_STATUS_TEXT = { available: '未售', reserved: '已锁定', sold: '已售', void: '已作废' } as const;
/** Cards exported at once (a supplier's unsold stock). */
const CARD_EXPORT_MAX = 100_000;

/** Sold cards are the buyer's: the supplier sees their first and last characters only. */
export function maskCard(text: string): string {
  if (text.length <= 6) return '*'.repeat(text.length);
  return `${text.slice(0, 3)}${'*'.repeat(Math.min(12, text.length - 6))}${text.slice(-3)}`;
}

/** Physical goods show where to ship while they must still be shipped. */
const SHIP_WHILE = new Set(['paid', 'pending']);

function settlementsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('supply_settlements')
    .select(['order_id', 'amount', 'reversed_amount', 'status'])
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** The supplier's card stock and the orders of their goods. */
export function supplyWorkService(deps: Deps) {
  const { db, config } = deps;
  const box = cardBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  async function goodsNames(ownerId: number, ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await ownedGoodsQuery(db, ownerId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((g) => [g.id, g.name]));
  }

  async function orderRows(lines: OrderLine[], commissionBp: number): Promise<SupplierOrderRow[]> {
    const entries = new Map(
      (
        await settlementsOf(
          db,
          lines.map((o) => o.id),
        )
      ).map((e) => [Number(e.order_id), e]),
    );
    return lines.map((o) => {
      const e = entries.get(o.id);
      return {
        orderNo: o.order_no,
        goodsId: o.goods_id,
        goodsName: o.goods_name,
        goodsType: o.goods_type,
        quantity: o.quantity,
        unitCost: o.unit_cost,
        status: o.status,
        statusText: OrderStatusLabels[o.status],
        createdAt: time(o.created_at),
        paidAt: time(o.paid_at),
        deliveredAt: time(o.delivered_at),
        refundAmount: o.refund_amount,
        buyerInputs: readBuyerInputs(o.recharge_inputs),
        ship:
          o.goods_type === 'physical' && SHIP_WHILE.has(o.status)
            ? { name: o.ship_name ?? '', phone: o.ship_phone ?? '', address: o.ship_address ?? '' }
            : null,
        settlement: e
          ? {
              amount: Number(e.amount) - Number(e.reversed_amount),
              status: e.status,
              statusText: SettlementStatusLabels[e.status],
            }
          : o.status === 'refunded'
            ? null
            : {
                // Not delivered yet: what the delivery will earn at today's terms.
                amount: settlementOf(o.unit_cost, o.quantity, commissionBp).amount,
                status: 'frozen',
                statusText: '待发货',
              },
      };
    });
  }

  return {
    async cards(ctx: ActorContext, input: z.infer<typeof supplierCardListInput>): Promise<Paged<SupplierCardRow>> {
      const s = await requireSupplier(db, ctx);
      const page = await ownerCardsPage(db, s.user_id, { goodsId: input.goodsId, status: input.status }, input);
      const names = await goodsNames(
        s.user_id,
        page.list.map((c) => c.goods_id),
      );
      return {
        ...page,
        list: page.list.map((c) => {
          const plain = box.open(c.secret);
          return {
            id: c.id,
            goodsId: c.goods_id,
            goodsName: names.get(c.goods_id) ?? '',
            batchId: c.batch_id,
            card: c.status === 'available' ? plain : maskCard(splitCard(plain).card),
            status: c.status,
            statusText: CARD_STATUS_TEXT[c.status],
            soldAt: time(c.sold_at),
            createdAt: time(c.created_at),
          };
        }),
      };
    },

    /** One batch into the supplier's card goods: deduped within the batch and against stock, encrypted at rest. */
    async importCards(ctx: ActorContext, input: z.infer<typeof supplierCardImportInput>): Promise<SupplierCardImport> {
      const s = await requireSupplier(db, ctx);
      const goods = await ownedGoods(db, s.user_id, input.goodsId);
      if (!goods) throw businessError('SUPPLY_GOODS_NOT_FOUND');
      if (goods.type !== 'card') throw businessError('SUPPLY_NOT_CARD_GOODS');
      const parsed = parseCardLines(input.text);
      if (!parsed) throw businessError('SUPPLY_IMPORT_TOO_MANY');
      if (parsed.cards.length === 0) throw businessError('SUPPLY_IMPORT_EMPTY');
      const answer = await bulkTransaction(db).execute((trx) =>
        importCardBatch(trx, box, goods, parsed, { note: input.note ?? '', createdBy: `supplier:${ctx.actor.name}` }),
      );
      return { lines: answer.lines, imported: answer.imported, duplicates: answer.duplicates, invalid: answer.invalid };
    },

    /** Voids unsold cards of the supplier's own; others' ids count nothing. */
    async voidCards(ctx: ActorContext, ids: number[]) {
      const s = await requireSupplier(db, ctx);
      return { voided: await voidOwnerCards(db, s.user_id, [...new Set(ids)]) };
    },

    /** The supplier's unsold cards (one goods or all) as a CSV: goods, card, password, imported at. */
    async exportCards(ctx: ActorContext, input: z.infer<typeof supplierCardExportInput>): Promise<CsvExport> {
      const s = await requireSupplier(db, ctx);
      if (input.goodsId && !(await ownedGoods(db, s.user_id, input.goodsId)))
        throw businessError('SUPPLY_GOODS_NOT_FOUND');
      const cards = await unsoldCardsOfOwner(db, box, s.user_id, input.goodsId, CARD_EXPORT_MAX + 1);
      const kept = cards.slice(0, CARD_EXPORT_MAX);
      const names = await goodsNames(
        s.user_id,
        kept.map((c) => c.goodsId),
      );
      const lines = kept.map((c) => {
        const { card, password } = splitCard(c.card);
        return [csvCell(names.get(c.goodsId) ?? ''), csvCell(card), csvCell(password), csvCell(time(c.createdAt))];
      });
      return {
        filename: `未售卡密-${time(Date.now()).slice(0, 10)}.csv`,
        count: kept.length,
        truncated: cards.length > kept.length,
        content: csvDocument(['商品', '卡号', '密码', '导入时间'], lines),
      };
    },

    async orders(ctx: ActorContext, input: z.infer<typeof supplierOrderListInput>): Promise<Paged<SupplierOrderRow>> {
      const s = await requireSupplier(db, ctx);
      const page = await fetchPage(ordersOfGoodsOwner(db, s.user_id, input), input);
      return { ...page, list: await orderRows(page.list, s.commission_bp) };
    },

    async exportOrders(ctx: ActorContext, input: z.infer<typeof supplierOrderExportInput>): Promise<CsvExport> {
      const s = await requireSupplier(db, ctx);
      const lines = await ordersOfGoodsOwner(db, s.user_id, input)
        .limit(ORDER_EXPORT_MAX_ROWS + 1)
        .execute();
      const kept = await orderRows(lines.slice(0, ORDER_EXPORT_MAX_ROWS), s.commission_bp);
      const rows = kept.map((o) => [
        csvCell(`${o.orderNo}\t`),
        csvCell(o.goodsName),
        csvCell(GoodsTypeLabels[o.goodsType]),
        csvCell(o.quantity, false),
        csvCell(fenToYuan(o.unitCost), false),
        csvCell(o.statusText),
        csvCell(o.buyerInputs.map((b) => `${b.label}：${b.value}`).join('；')),
        csvCell(o.settlement ? fenToYuan(o.settlement.amount) : '', false),
        csvCell(o.settlement?.statusText ?? ''),
        csvCell(o.createdAt),
        csvCell(o.deliveredAt),
      ]);
      return {
        filename: `供货订单-${time(Date.now()).slice(0, 10)}.csv`,
        count: kept.length,
        truncated: lines.length > kept.length,
        content: csvDocument(
          [
            '订单号',
            '商品',
            '类型',
            '数量',
            '供货价(元)',
            '状态',
            '下单信息',
            '结算(元)',
            '结算状态',
            '下单时间',
            '发货时间',
          ],
          rows,
        ),
      };
    },
  };
}
export type SupplyWorkService = ReturnType<typeof supplyWorkService>;
