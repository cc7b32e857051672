import {
  CommissionBlockLabels,
  CommissionSourceLabels,
  CommissionStatusLabels,
  InviteeStatusLabels,
  PromotionLevelLabels,
  type AdminCommissionPage,
  type AdminCommissionRow,
  type CommissionBlock,
  type CommissionViewStatus,
  type Paged,
  type PromotionCollectResult,
  type PromotionCollectRow,
  type PromotionCollectSummary,
  type PromotionCustomerRow,
  type PromotionCustomerStatus,
  type PromotionDetailRow,
  type PromotionLevel,
  type PromotionTotals,
  type adminCommissionListInput,
  type promotionCustomerListInput,
  type promotionDetailsInput,
  type z,
} from '@kapu/contract';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ActorContext } from '../../core/context.js';
import type { Database } from '../../core/db/schema.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime, startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { inviteeCounts, inviteesPage, memberByRef, memberLabels } from '../accounts/index.js';
import { creditBalance, newFundsNo } from '../funds/index.js';
import { maskLoginName } from '../site-office/index.js';
import { commissionMachine, DAY, lockEarner } from './commissions.js';
import { takeInOrder } from './commission-math.js';
import { promotionSettings } from './promotion-rates.js';
import type { PromotionCommissionsTable } from './tables.js';

type CommissionRow = Selectable<PromotionCommissionsTable>;
type Eb = ExpressionBuilder<Database, 'promotion_commissions'>;
const n = (v: unknown) => Number(v ?? 0);
/** What is neither reversed nor collected of a commission. */
const uncollected = sql<number>`promotion_commissions.amount - promotion_commissions.reversed_amount - promotion_commissions.collected_amount`;
/** What refunds left of a commission. */
const net = sql<number>`promotion_commissions.amount - promotion_commissions.reversed_amount`;

/** Commissions in the view status (a held one is frozen or collectable by its time against `cutoff`). */
function inViewStatus(eb: Eb, status: CommissionViewStatus, cutoff: number) {
  switch (status) {
    case 'frozen':
      return eb.and([eb('status', '=', 'held'), eb('frozen_at', '>', cutoff)]);
    case 'collectable':
      return eb.and([eb('status', '=', 'held'), eb('frozen_at', '<=', cutoff)]);
    default:
      return eb('status', '=', status);
  }
}

export function promotionService(deps: Deps) {
  const { db, settings, config } = deps;
  const time = (ms: number) => formatDateTime(ms, config.timeZone);
  /** Commissions frozen at or before this moment are past the freeze days now (today's setting). */
  const cutoffNow = (now = Date.now()) => now - promotionSettings(settings).freezeDays * DAY;

  function detailView(c: CommissionRow, cutoff: number, buyer: string): PromotionDetailRow {
    const freezeDays = promotionSettings(settings).freezeDays;
    const status: CommissionViewStatus =
      c.status === 'held' ? (Number(c.frozen_at) <= cutoff ? 'collectable' : 'frozen') : c.status;
    const level = Number(c.level) as PromotionLevel;
    return {
      id: c.id,
      orderNo: c.order_no,
      buyer,
      level,
      levelText: PromotionLevelLabels[level] ?? String(level),
      source: c.source,
      sourceText: CommissionSourceLabels[c.source],
      base: n(c.base),
      rateBp: n(c.rate_bp),
      amount: n(c.amount),
      reversed: n(c.reversed_amount),
      collected: n(c.collected_amount),
      status,
      statusText: CommissionStatusLabels[status],
      blockReason: c.block_reason ? (CommissionBlockLabels[c.block_reason as CommissionBlock] ?? c.block_reason) : '',
      availableAt: c.status === 'held' ? time(Number(c.frozen_at) + freezeDays * DAY) : '',
      createdAt: time(Number(c.created_at)),
    };
  }

  async function summaryOf(userId: number): Promise<PromotionCollectSummary> {
    const s = promotionSettings(settings);
    const cutoff = cutoffNow();
    const row = await db
      .selectFrom('promotion_commissions')
      .where('user_id', '=', userId)
      .where('status', '!=', 'blocked')
      .select([
        sql<string>`sum(case when status = 'held' and frozen_at <= ${cutoff} then ${uncollected} else 0 end)`.as(
          'collectable',
        ),
        sql<string>`sum(case when status = 'held' and frozen_at > ${cutoff} then ${uncollected} else 0 end)`.as(
          'frozen',
        ),
        sql<string>`sum(collected_amount)`.as('collected'),
        sql<string>`sum(reversed_amount)`.as('reversed'),
      ])
      .executeTakeFirstOrThrow();
    return {
      enabled: s.enabled,
      collectable: n(row.collectable),
      frozen: n(row.frozen),
      collected: n(row.collected),
      reversed: n(row.reversed),
      freezeDays: s.freezeDays,
    };
  }

  return {
    /** getPromotionCustomerStatus */
    async customerStatus(ctx: ActorContext): Promise<PromotionCustomerStatus> {
      const counts = await inviteeCounts(db, ctx.actor.id, startOfDay(Date.now(), config.timeZone));
      const bought = await db
        .selectFrom('promotion_commissions')
        .select(sql<string>`count(distinct buyer_id)`.as('n'))
        .where('user_id', '=', ctx.actor.id)
        .where('level', '=', 1)
        .executeTakeFirstOrThrow();
      return {
        level1: counts.level1,
        level2: counts.level2,
        level3: counts.level3,
        total: counts.level1 + counts.level2 + counts.level3,
        bought: n(bought.n),
        today: counts.today,
      };
    },

    /** getPromotionCustomerList: one level of my invitees, with what their orders have paid me. */
    async customers(
      ctx: ActorContext,
      input: z.output<typeof promotionCustomerListInput>,
    ): Promise<Paged<PromotionCustomerRow>> {
      const level = (input.level ?? 1) as PromotionLevel;
      const page = await inviteesPage(db, ctx.actor.id, { ...input, level });
      const ids = page.list.map((r) => r.id);
      const sums = ids.length
        ? await db
            .selectFrom('promotion_commissions')
            .where('user_id', '=', ctx.actor.id)
            .where('buyer_id', 'in', ids)
            .groupBy('buyer_id')
            .select([
              'buyer_id',
              sql<string>`count(distinct order_id)`.as('orders'),
              sql<string>`sum(case when status = 'blocked' then 0 else ${net} end)`.as('commission'),
            ])
            .execute()
        : [];
      const byBuyer = new Map(sums.map((s) => [n(s.buyer_id), { orders: n(s.orders), commission: n(s.commission) }]));
      return mapPage(page, (r) => {
        const s = byBuyer.get(r.id);
        const status = s && s.orders > 0 ? 'bought' : 'registered';
        return {
          id: r.id,
          loginName: maskLoginName(r.loginName),
          level,
          registeredAt: time(r.createdAt),
          status,
          statusText: InviteeStatusLabels[status],
          orders: s?.orders ?? 0,
          commission: s?.commission ?? 0,
        };
      });
    },

    /** getPromotionCollect */
    collectSummary: (ctx: ActorContext) => summaryOf(ctx.actor.id),

    /**
     * doPromotionCollect: moves `amount` fen (all that is collectable when absent) of the commissions
     * past their freeze days to the balance, oldest first, in one transaction behind the earner's lock
     * (two collects at once: the second sees what the first took). More than is collectable is refused.
     */
    async collect(ctx: ActorContext, amount: number | undefined): Promise<PromotionCollectResult> {
      const userId = ctx.actor.id;
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        await lockEarner(trx, userId, now);
        const rows = await trx
          .selectFrom('promotion_commissions')
          .select(['id', 'amount', 'reversed_amount', 'collected_amount', uncollected.as('left')])
          .where('user_id', '=', userId)
          .where('status', '=', 'held')
          .where('frozen_at', '<=', cutoffNow(now))
          .where(uncollected, '>', 0)
          .orderBy('frozen_at')
          .orderBy('id')
          .execute();
        const collectable = rows.reduce((s, r) => s + n(r.left), 0);
        if (collectable <= 0) throw businessError('PROMOTION_NOTHING_TO_COLLECT');
        const want = amount ?? collectable;
        if (want > collectable)
          throw businessError(
            'PROMOTION_COLLECT_EXCEEDS',
            `领取金额超过可领取的佣金（最多 ¥${(collectable / 100).toFixed(2)}）`,
            { collectable },
          );
        const takes = takeInOrder(
          rows.map((r) => n(r.left)),
          want,
        );
        for (const [i, r] of rows.entries()) {
          const take = takes[i];
          if (take <= 0) break;
          const collected = n(r.collected_amount) + take;
          const set = { collected_amount: collected, updated_at: now };
          if (collected + n(r.reversed_amount) >= n(r.amount)) {
            if (!(await moveStatus(trx, commissionMachine, r.id, 'held', 'collected', set)))
              throw businessError('CONFLICT');
          } else {
            await trx.updateTable('promotion_commissions').set(set).where('id', '=', r.id).execute();
          }
        }
        const collectNo = newFundsNo('P', now);
        await trx
          .insertInto('promotion_collects')
          .values({
            collect_no: collectNo,
            user_id: userId,
            kind: 'collect',
            amount: want,
            order_id: null,
            created_at: now,
          })
          .execute();
        const balance = await creditBalance(trx, {
          userId,
          amount: want,
          type: 'promotion_commission',
          refType: 'promotion_collect',
          refId: collectNo,
          memo: '推广佣金领取到余额',
        });
        return { collectNo, amount: want, balance };
      });
    },

    /** getPromotionCollects: my collects and claw-backs, newest first. */
    async collects(ctx: ActorContext, input: { page: number; pageSize: number }): Promise<Paged<PromotionCollectRow>> {
      const page = await fetchPage(
        db.selectFrom('promotion_collects').selectAll().where('user_id', '=', ctx.actor.id).orderBy('id', 'desc'),
        input,
      );
      return mapPage(page, (r) => ({
        collectNo: r.collect_no,
        kind: r.kind,
        kindText: r.kind === 'collect' ? '领取到余额' : '退款追回',
        amount: n(r.amount),
        createdAt: time(Number(r.created_at)),
      }));
    },

    /** getAllPromotionDetails: my commissions, newest first. */
    async details(
      ctx: ActorContext,
      input: z.output<typeof promotionDetailsInput>,
    ): Promise<Paged<PromotionDetailRow>> {
      const cutoff = cutoffNow();
      let q = db.selectFrom('promotion_commissions').selectAll().where('user_id', '=', ctx.actor.id);
      if (input.status) q = q.where((eb) => inViewStatus(eb, input.status!, cutoff));
      if (input.level) q = q.where('level', '=', input.level);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const buyers = await memberLabels(
        db,
        page.list.map((c) => Number(c.buyer_id)),
      );
      return mapPage(page, (c) =>
        detailView(c, cutoff, maskLoginName(buyers.get(Number(c.buyer_id))?.loginName ?? '')),
      );
    },

    /** getAllPromotionTotal: what promotion earned me, net of refunds (blocked ones never count). */
    async totals(ctx: ActorContext): Promise<PromotionTotals> {
      const now = Date.now();
      const today = startOfDay(now, config.timeZone);
      const local = time(now);
      const monthStart = startOfDay(now - (Number(local.slice(8, 10)) - 1) * DAY, config.timeZone);
      const base = db
        .selectFrom('promotion_commissions')
        .where('user_id', '=', ctx.actor.id)
        .where('status', '!=', 'blocked');
      const all = await base
        .select([
          sql<string>`coalesce(sum(${net}), 0)`.as('total'),
          sql<string>`coalesce(sum(case when created_at >= ${today} then ${net} else 0 end), 0)`.as('today'),
          sql<string>`coalesce(sum(case when created_at >= ${monthStart} then ${net} else 0 end), 0)`.as('month'),
          sql<string>`count(distinct order_id)`.as('orders'),
        ])
        .executeTakeFirstOrThrow();
      const levels = await base
        .groupBy('level')
        .select(['level', sql<string>`sum(${net})`.as('amount'), sql<string>`count(*)`.as('count')])
        .execute();
      return {
        total: n(all.total),
        today: n(all.today),
        month: n(all.month),
        orders: n(all.orders),
        byLevel: ([1, 2, 3] as const).map((level) => {
          const row = levels.find((l) => n(l.level) === level);
          return { level, levelText: PromotionLevelLabels[level], amount: n(row?.amount), count: n(row?.count) };
        }),
      };
    },

    /** Staff: every commission, by view status and order number or earner. */
    async adminList(input: z.output<typeof adminCommissionListInput>): Promise<AdminCommissionPage> {
      const cutoff = cutoffNow();
      let q = db.selectFrom('promotion_commissions');
      if (input.status) q = q.where((eb) => inViewStatus(eb, input.status!, cutoff));
      if (input.keyword) {
        const kw = input.keyword;
        const member = await memberByRef(db, kw);
        q = q.where((eb) =>
          eb.or([eb('order_no', '=', kw), ...(member ? [eb('user_id', '=', Number(member.id))] : [])]),
        );
      }
      const sums = await q
        .select([
          sql<string>`coalesce(sum(case when status = 'held' then ${uncollected} else 0 end), 0)`.as('held'),
          sql<string>`coalesce(sum(collected_amount), 0)`.as('collected'),
          sql<string>`coalesce(sum(reversed_amount), 0)`.as('reversed'),
          sql<string>`coalesce(sum(case when status = 'blocked' then amount else 0 end), 0)`.as('blocked'),
        ])
        .executeTakeFirstOrThrow();
      const page = await fetchPage(q.selectAll().orderBy('id', 'desc'), input);
      const labels = await memberLabels(
        db,
        page.list.flatMap((c) => [Number(c.user_id), Number(c.buyer_id)]),
      );
      return {
        ...mapPage(page, (c): AdminCommissionRow => {
          const { buyer: _masked, ...view } = detailView(c, cutoff, '');
          return {
            ...view,
            earner: labels.get(Number(c.user_id)) ?? null,
            buyer: labels.get(Number(c.buyer_id)) ?? null,
          };
        }),
        sums: {
          held: n(sums.held),
          collected: n(sums.collected),
          reversed: n(sums.reversed),
          blocked: n(sums.blocked),
        },
      };
    },
  };
}
export type PromotionService = ReturnType<typeof promotionService>;
