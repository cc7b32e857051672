import { sql, type Selectable } from 'kysely';
import {
  CdkKindLabels,
  CdkStatusLabels,
  type CdkBalanceRedeemed,
  type CdkPreview,
  type CdkRedeemGoodsInput,
  type CdkStatus,
  type OrderCreateInput,
  type OrderDetail,
} from '@kapu/contract';
import type { ActorContext, RequestContext, SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { publishEvent } from '../../core/events.js';
import { moveStatus } from '../../core/fsm.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { findGoodsOfShop, rechargeTemplateOf } from '../catalog/index.js';
import { creditBalance } from '../funds/index.js';
import type { OrderRedemption } from '../orders/index.js';
import type { ShareLine } from '../profits/index.js';
import { siteTitleOf } from '../sites/index.js';
import { cdkCodeMachine } from './cdk-machine.js';
import { codeHasher, normaliseCode } from './code-text.js';
import type { CdkCodesTable } from './tables.js';

/** What cdk needs from above it (app.ts wires them): orders' redemption order, and sites by id. */
export interface CdkPorts {
  redeemOrder(ctx: RequestContext, input: OrderCreateInput, redemption: OrderRedemption): Promise<OrderDetail>;
  siteById(id: number): Promise<SiteRef | null>;
}

export type CodeRow = Selectable<CdkCodesTable>;

/** A code's status as people read it: active but past its time is expired. */
export function statusOf(c: Pick<CodeRow, 'status' | 'expires_at'>, now: number): CdkStatus {
  return c.status === 'active' && c.expires_at !== null && Number(c.expires_at) <= now ? 'expired' : c.status;
}

/** The refusal of a code that cannot be redeemed now, each with its own message. */
function refuseUnusable(c: Pick<CodeRow, 'status' | 'expires_at'>, now: number): void {
  const status = statusOf(c, now);
  if (status === 'voided') throw businessError('CDK_VOIDED');
  if (status === 'used') throw businessError('CDK_USED');
  if (status === 'expired') throw businessError('CDK_EXPIRED');
}

/**
 * Redeeming (decision 0013). Every path reads the code by its keyed hash (a malformed one is refused
 * before any read), then claims one use inside the transaction that gives what it promises: a
 * conditional increment of `used_count` (`status = 'active' AND used_count < uses AND not expired`),
 * so of any number of parallel redeemers exactly `uses` win and the rest are told why. A member
 * redeems a code once; the balance credit or the order, the redemption row and the `cdk.redeemed`
 * event commit together or not at all.
 */
export function cdkRedeemer(deps: Deps, ports: CdkPorts) {
  const { db, config } = deps;
  const hash = codeHasher(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(Number(ms), config.timeZone) : '');

  async function codeByText(typed: string): Promise<CodeRow> {
    const code = normaliseCode(typed);
    if (!code) throw businessError('CDK_MALFORMED');
    const row = await db.selectFrom('cdk_codes').selectAll().where('code_hash', '=', hash(code)).executeTakeFirst();
    if (!row) throw businessError('CDK_NOT_FOUND');
    return row;
  }

  /** One use of the code, in `trx`; throws (rolling everything back) when it cannot be had. */
  async function claimUse(
    trx: Db,
    code: CodeRow,
    userId: number | null,
    ip: string,
    given: { amount: number; orderId: number | null; orderNo: string | null },
    now: number,
  ): Promise<void> {
    const taken = await trx
      .updateTable('cdk_codes')
      .set({ used_count: sql<number>`used_count + 1`, last_used_at: now })
      .where('id', '=', code.id)
      .where('status', '=', 'active')
      .whereRef('used_count', '<', 'uses')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const again = await trx
        .selectFrom('cdk_codes')
        .select(['status', 'expires_at'])
        .where('id', '=', code.id)
        .executeTakeFirstOrThrow();
      refuseUnusable(again, now);
      throw businessError('CDK_USED');
    }
    const after = await trx
      .selectFrom('cdk_codes')
      .select('used_count')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    if (Number(after.used_count) >= Number(code.uses)) await moveStatus(trx, cdkCodeMachine, code.id, 'active', 'used');
    if (userId !== null) {
      // The code's row is locked by the increment (PostgreSQL), so a member's parallel tries queue here.
      const before = await trx
        .selectFrom('cdk_redemptions')
        .select('id')
        .where('code_id', '=', code.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (before) throw businessError('CDK_ALREADY_REDEEMED');
    }
    await trx
      .insertInto('cdk_redemptions')
      .values({
        code_id: code.id,
        batch_id: code.batch_id,
        site_id: code.site_id,
        user_id: userId,
        order_id: given.orderId,
        order_no: given.orderNo,
        amount: given.amount,
        ip: ip.slice(0, 64),
        created_at: now,
      })
      .execute();
    await publishEvent(
      trx,
      'cdk.redeemed',
      {
        codeId: code.id,
        batchId: Number(code.batch_id),
        siteId: Number(code.site_id),
        userId,
        kind: code.kind,
        amount: given.amount,
        orderId: given.orderId,
        orderNo: given.orderNo,
      },
      now,
    );
  }

  async function batchTerms(batchId: number) {
    return db
      .selectFrom('cdk_batches')
      .select(['goods_id', 'goods_name', 'quantity', 'amount', 'shares', 'status'])
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
  }

  async function preview(code: CodeRow): Promise<CdkPreview> {
    const now = Date.now();
    const batch = await batchTerms(code.batch_id);
    const goods =
      code.kind === 'goods' && batch.goods_id ? await findGoodsOfShop(db, batch.goods_id).catch(() => null) : null;
    const status = statusOf(code, now);
    return {
      kind: code.kind,
      kindText: CdkKindLabels[code.kind],
      goodsId: batch.goods_id,
      goodsName: goods?.name ?? batch.goods_name,
      goodsType: goods?.type ?? null,
      quantity: Number(batch.quantity),
      amount: code.kind === 'balance' ? Number(batch.amount) : 0,
      status,
      statusText: CdkStatusLabels[status],
      expiresAt: time(code.expires_at),
      usesLeft: status === 'active' ? Number(code.uses) - Number(code.used_count) : 0,
      loginRequired: code.kind === 'balance' || Number(code.uses) > 1,
      rechargeTemplate: goods ? rechargeTemplateOf(goods) : [],
      needsAddress: goods?.type === 'physical',
      siteTitle: await siteTitleOf(db, Number(code.site_id)),
    };
  }

  return {
    /** What a typed code redeems (the /cdk/order and /cdk/recharge pages show it before redeeming). */
    async check(typed: string): Promise<CdkPreview> {
      return preview(await codeByText(typed));
    },

    /** What a short link's code redeems; the link alone cannot redeem it (the code is in the fragment). */
    async short(short: string): Promise<CdkPreview> {
      const row = await db
        .selectFrom('cdk_codes')
        .selectAll()
        .where('short', '=', short.toUpperCase())
        .executeTakeFirst();
      if (!row) throw businessError('CDK_SHORT_NOT_FOUND');
      return preview(row);
    },

    /** /cdk/recharge: a balance code adds its amount to the signed-in member's balance. */
    async redeemBalance(ctx: ActorContext, typed: string): Promise<CdkBalanceRedeemed> {
      const code = await codeByText(typed);
      if (code.kind !== 'balance') throw businessError('CDK_IS_GOODS');
      const now = Date.now();
      refuseUnusable(code, now);
      const batch = await batchTerms(code.batch_id);
      const amount = Number(batch.amount);
      const balance = await db.transaction().execute(async (trx) => {
        await claimUse(trx, code, ctx.actor.id, ctx.ip, { amount, orderId: null, orderNo: null }, now);
        return creditBalance(trx, {
          userId: ctx.actor.id,
          amount,
          type: 'cdk_redeem',
          refType: 'cdk',
          refId: code.short,
          memo: `兑换码充值：${code.hint.slice(0, 4)}…${code.hint.slice(4)}`,
        });
      });
      return { amount, balance };
    },

    /**
     * /cdk/order: a goods code becomes an order of its goods at the code's site, paid by the code and
     * delivered through the usual path (cards from stock at once; other goods wait for staff). A
     * visitor gives a contact and a query password, as when buying, and looks the order up with them.
     */
    async redeemGoods(ctx: RequestContext, input: CdkRedeemGoodsInput): Promise<OrderDetail> {
      const code = await codeByText(input.code);
      if (code.kind !== 'goods') throw businessError('CDK_IS_BALANCE');
      const now = Date.now();
      refuseUnusable(code, now);
      if (Number(code.site_id) !== ctx.site.id) throw businessError('CDK_OTHER_SITE');
      const userId = ctx.area === 'user' && ctx.actor ? ctx.actor.id : null;
      // A code for several members counts one redemption per member: visitors have no name to count.
      if (userId === null && Number(code.uses) > 1) throw businessError('CDK_LOGIN_REQUIRED');
      const batch = await batchTerms(code.batch_id);
      if (!batch.goods_id) throw businessError('CDK_GOODS_UNAVAILABLE');
      const { code: _typed, ...orderFields } = input;
      const order: OrderCreateInput = { ...orderFields, goodsId: batch.goods_id, quantity: Number(batch.quantity) };
      const shares = batch.shares ? (JSON.parse(batch.shares) as ShareLine[]) : [];
      return ports.redeemOrder(ctx, order, {
        ref: `cdk:${code.short}`,
        shares,
        claim: (trx, o) => claimUse(trx, code, userId, ctx.ip, { amount: 0, orderId: o.id, orderNo: o.orderNo }, now),
      });
    },
  };
}
export type CdkRedeemer = ReturnType<typeof cdkRedeemer>;
