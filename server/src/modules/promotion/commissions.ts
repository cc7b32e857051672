import type { CommissionBlock, PromotionSettingsView } from '@kapu/contract';
import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { DomainEvent } from '../../core/events.js';
import { publishEvent } from '../../core/events.js';
import { defineMachine, moveStatus } from '../../core/fsm.js';
import { startOfDay } from '../../core/time.js';
import { invitersOf, registrationIpsOf, memberSiteOf } from '../accounts/index.js';
import { clawBack, creditBalance, newFundsNo, tryDebitBalance } from '../funds/index.js';
import { ordersRepo } from '../orders/index.js';
import { sharesOfOrdersAtSite } from '../profits/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../sites/index.js';
import { commissionOf, reversedTarget, sameSubnet, splitReversal, statusAfter, underCap } from './commission-math.js';
import { platformRatesFor, siteRatesOf } from './promotion-rates.js';
import type { PromotionCommissionsTable } from './tables.js';

type CommissionStatus = PromotionCommissionsTable['status'];
export const DAY = 86_400_000;

/**
 * A commission is written `held` when its order is delivered (or `blocked`, never paid, when an
 * anti-abuse rule refused it); a held one counts as frozen for the freeze days after `frozen_at`,
 * then as collectable. Collecting all of it makes it `collected`; a refund that takes all of it back
 * makes it `reversed` (from held, or from collected with the money clawed back from the balance).
 */
export const commissionMachine = defineMachine<CommissionStatus, 'promotion_commissions'>(
  'promotionCommission',
  {
    held: ['collected', 'reversed'],
    collected: ['reversed'],
    reversed: [],
    blocked: [],
  },
  { table: 'promotion_commissions' },
);

/**
 * Takes the earner's lock row: collects and reversals of one earner run one after another (on
 * PostgreSQL the row lock is held to the end of the transaction; SQLite runs one writer at a time).
 */
export async function lockEarner(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .insertInto('promotion_members')
    .values({ user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: now }))
    .execute();
}

/** What one earner has had credited today (held, collected or reversed in part; not blocked), fen. */
async function earnedSince(trx: Db, userId: number, since: number): Promise<number> {
  const row = await trx
    .selectFrom('promotion_commissions')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('s'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'blocked')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

interface Line {
  userId: number;
  level: number;
  source: 'platform' | 'site';
  funderId: number | null;
  rateBp: number;
  amount: number;
  block: CommissionBlock | '';
}

/**
 * The consumer of order.delivered: writes the order's commissions (once: the consumer records the
 * event, and (order, level, source) is unique), debits the sub-site owner's extra part from their
 * balance, and tells each earner (promotion.credited). The order is read as it is now: its amount less
 * what was refunded already is the base; an order refunded whole by now earns nothing.
 */
export async function writeCommissions(
  trx: Db,
  event: DomainEvent<'order.delivered'>,
  settings: PromotionSettingsView,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  const { orderId, userId: buyerId } = event.payload;
  if (!settings.enabled || buyerId === null) return 0;
  // Most buyers were invited by nobody: one read of theirs, before the order's.
  const earners = await invitersOf(trx, buyerId, 3);
  if (earners.length === 0) return 0;
  const order = await ordersRepo.byId(trx, orderId);
  if (!order || order.status !== 'delivered') return 0;
  const refundBase = Number(order.refund_amount);
  const base = Number(order.amount) - refundBase;
  if (base <= 0) return 0;

  const platformRates = await platformRatesFor(trx, settings, Number(order.goods_id));
  // The sub-site owner's extra rates, for the orders their own customers place on their site.
  const siteId = Number(order.site_id);
  const payee = siteId === PLATFORM_SITE_ID ? undefined : await sitePayeeOf(trx, siteId);
  const buyerSite = payee ? await memberSiteOf(trx, buyerId) : undefined;
  const siteRates = payee && buyerSite?.siteId === siteId ? await siteRatesOf(trx, siteId) : [0, 0, 0];
  // …never more in all than the owner's own margin on the order (what is left of their share).
  let siteBudget = 0;
  if (payee && siteRates.some((r) => r > 0)) {
    const share = (await sharesOfOrdersAtSite(trx, siteId, [orderId])).get(orderId);
    if (share && share.status !== 'void' && share.status !== 'reversed') siteBudget = share.amount - share.reversed;
  }

  const ips = await registrationIpsOf(trx, [buyerId, ...earners]);
  const buyerIp = ips.get(buyerId);
  const today = startOfDay(now, timeZone);
  const lines: Line[] = [];
  for (const [i, earner] of earners.entries()) {
    const level = i + 1;
    let block: CommissionBlock | '' = '';
    const earnerIp = ips.get(earner);
    if (earner === buyerId) block = 'self';
    else if (settings.blockSameIp && buyerIp && earnerIp && buyerIp === earnerIp) block = 'same_ip';
    else if (settings.blockSameSubnet && buyerIp && earnerIp && sameSubnet(buyerIp, earnerIp)) block = 'same_subnet';

    const platformAmount = commissionOf(base, platformRates[i]);
    let siteAmount = 0;
    if (payee && earner !== payee.ownerId) {
      siteAmount = Math.min(commissionOf(base, siteRates[i]), siteBudget);
      siteBudget -= siteAmount;
    }
    let platformPaid = platformAmount;
    let sitePaid = siteAmount;
    if (!block && settings.dailyCap > 0 && platformAmount + siteAmount > 0) {
      // One earner's deliveries take turns, so two at once cannot both fit under the cap.
      await lockEarner(trx, earner, now);
      // The platform's part first: a cap leaves the owner's money with the owner.
      const room = underCap(platformAmount + siteAmount, await earnedSince(trx, earner, today), settings.dailyCap);
      platformPaid = Math.min(platformAmount, room);
      sitePaid = Math.min(siteAmount, room - platformPaid);
    }
    if (platformAmount > 0) {
      const capped = !block && platformPaid === 0;
      lines.push({
        userId: earner,
        level,
        source: 'platform',
        funderId: null,
        rateBp: platformRates[i],
        amount: block || capped ? platformAmount : platformPaid,
        block: block || (capped ? 'daily_cap' : ''),
      });
    }
    if (siteAmount > 0) {
      const capped = !block && sitePaid === 0;
      lines.push({
        userId: earner,
        level,
        source: 'site',
        funderId: payee!.ownerId,
        rateBp: siteRates[i],
        amount: block || capped ? siteAmount : sitePaid,
        block: block || (capped ? 'daily_cap' : ''),
      });
    }
  }

  // The owner pays their extra part now, from their balance; when it cannot, their part is not written.
  const siteTotal = lines.filter((l) => l.source === 'site' && !l.block).reduce((s, l) => s + l.amount, 0);
  if (siteTotal > 0) {
    const after = await tryDebitBalance(trx, {
      userId: payee!.ownerId,
      amount: siteTotal,
      type: 'promotion_site_fund',
      refType: 'order',
      refId: order.order_no,
      memo: `为本站客户追加推广佣金（订单 ${order.order_no}）`,
    });
    if (after === null) for (const l of lines) if (l.source === 'site' && !l.block) l.block = 'fund_short';
  }

  const rows = lines.filter((l) => l.amount > 0);
  if (rows.length === 0) return 0;
  await trx
    .insertInto('promotion_commissions')
    .values(
      rows.map((l) => ({
        order_id: orderId,
        order_no: order.order_no,
        site_id: siteId,
        buyer_id: buyerId,
        user_id: l.userId,
        level: l.level,
        source: l.source,
        funder_id: l.funderId,
        base,
        refund_base: refundBase,
        rate_bp: l.rateBp,
        amount: l.amount,
        status: l.block ? ('blocked' as const) : ('held' as const),
        block_reason: l.block,
        frozen_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const availableAt = now + settings.freezeDays * DAY;
  for (const earner of earners) {
    const amount = rows.filter((l) => l.userId === earner && !l.block).reduce((s, l) => s + l.amount, 0);
    if (amount > 0)
      await publishEvent(
        trx,
        'promotion.credited',
        {
          userId: earner,
          orderId,
          orderNo: order.order_no,
          buyerId,
          level: earners.indexOf(earner) + 1,
          amount,
          availableAt,
        },
        now,
      );
  }
  return rows.length;
}

/**
 * The consumer of order.refunded: brings each commission of the order to the part refunds should
 * have reversed by now (cumulative, so a late or repeated event reverses nothing twice). The part
 * comes off what the earner has not collected first, the rest back from their balance (a claw-back,
 * which may take it below zero: the buyer got the money back); an owner's extra part goes back to
 * the owner.
 */
export async function reverseCommissions(
  trx: Db,
  event: DomainEvent<'order.refunded'>,
  now = Date.now(),
): Promise<number> {
  const { orderId, orderNo, refundedTotal, whole } = event.payload;
  const ids = await trx
    .selectFrom('promotion_commissions')
    .select(['id', 'user_id'])
    .where('order_id', '=', orderId)
    .where('status', 'in', ['held', 'collected'])
    .orderBy('id')
    .execute();
  let reversed = 0;
  for (const { id, user_id } of ids) {
    await lockEarner(trx, Number(user_id), now);
    const c = await trx.selectFrom('promotion_commissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (c.status !== 'held' && c.status !== 'collected') continue;
    const state = {
      amount: Number(c.amount),
      reversed: Number(c.reversed_amount),
      collected: Number(c.collected_amount),
    };
    const target = reversedTarget(
      { amount: state.amount, base: Number(c.base), refundBase: Number(c.refund_base) },
      refundedTotal,
      whole,
    );
    const part = target - state.reversed;
    if (part <= 0) continue;
    const { clawedBack, after } = splitReversal(state, part);
    const next = statusAfter(after);
    const set = { reversed_amount: after.reversed, collected_amount: after.collected, updated_at: now };
    if (next !== c.status) {
      if (!(await moveStatus(trx, commissionMachine, c.id, c.status, next, set))) continue;
    } else {
      await trx
        .updateTable('promotion_commissions')
        .set(set)
        .where('id', '=', c.id)
        .where('reversed_amount', '=', state.reversed)
        .execute();
    }
    if (clawedBack > 0) {
      await clawBack(trx, {
        userId: Number(c.user_id),
        amount: clawedBack,
        type: 'promotion_clawback',
        refType: 'order',
        refId: orderNo,
        memo: `订单退款，退回已领取的推广佣金（${orderNo}）`,
      });
      await trx
        .insertInto('promotion_collects')
        .values({
          collect_no: newFundsNo('P', now),
          user_id: Number(c.user_id),
          kind: 'clawback',
          amount: -clawedBack,
          order_id: orderId,
          created_at: now,
        })
        .execute();
    }
    if (c.source === 'site' && c.funder_id !== null)
      await creditBalance(trx, {
        userId: Number(c.funder_id),
        amount: part,
        type: 'promotion_fund_back',
        refType: 'order',
        refId: orderNo,
        memo: `订单退款，退回追加的推广佣金（${orderNo}）`,
      });
    reversed += part;
  }
  return reversed;
}
