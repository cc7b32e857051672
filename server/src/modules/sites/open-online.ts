import type { SiteOpenOnlineAnswer, SiteOpenRequestView, siteOpenOnlineInput } from '@kapu/contract';
import { Codes, SitePeriodLabels } from '@kapu/contract';
import type { z } from 'zod';
import type { ActorContext } from '../../core/context.js';
import { BusinessError, businessError } from '../../core/errors.js';
import { statusUpdate } from '../../core/fsm.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { balanceOf } from '../funds/index.js';
import { ownedSite } from './owned-site.js';
import type { SitePurchases } from './open-site.js';
import { openRequestMachine } from './site-machine.js';
import { findVersion } from './versions.js';

type OpenChoice = z.output<typeof siteOpenOnlineInput>;

/** How long a choice waits for its payment (a member who never pays leaves nothing behind for long). */
const REQUEST_HOURS = 24;
const STATUS_TEXT: Record<SiteOpenRequestView['status'], string> = {
  waiting: '等待支付',
  done: '已开通',
  failed: '开通失败',
  cancelled: '已取消',
  expired: '已过期',
};

/**
 * Opening a sub-site paid online (/inside/selfCreatVip, 在线支付): the member's choice is checked as the
 * opening would check it and kept; they recharge the shortfall through any payment channel; when the
 * recharge is credited (`recharge.paid`) the site opens from the balance. If the opening is refused by
 * then (the path was taken meanwhile), the money stays on the balance and the member sees why.
 * Consumed at least once: a second run finds the site opened and only marks the request done.
 */
export function siteOpenOnline(deps: Deps, purchases: SitePurchases) {
  const { db, config } = deps;

  async function moveRequest(
    userId: number,
    from: 'waiting' | 'failed',
    to: 'done' | 'failed' | 'waiting',
    reason = '',
  ) {
    await statusUpdate(db, openRequestMachine, from, to, { reason, updated_at: Date.now() })
      .where('user_id', '=', userId)
      .execute();
  }

  deps.events.on(
    'recharge.paid',
    'sites.openPaidSite',
    async (event) => {
      const userId = event.payload.userId;
      const request = await db
        .selectFrom('site_open_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'waiting')
        .where('expires_at', '>', event.createdAt)
        .executeTakeFirst();
      if (!request) return;
      const choice = JSON.parse(request.params) as OpenChoice;
      try {
        await purchases.openPaidOnline(userId, choice);
        await moveRequest(userId, 'waiting', 'done');
      } catch (err) {
        if (!(err instanceof BusinessError)) throw err; // retried by the job runner
        const owned = await ownedSite(db, userId);
        if (owned && owned.path === choice.path) return moveRequest(userId, 'waiting', 'done'); // a rerun
        // Still short (paid less than asked, or the price rose): it waits for more money.
        if (err.code === Codes.BALANCE_INSUFFICIENT.code) {
          await db
            .updateTable('site_open_requests')
            .set({ reason: '充值已到账，但余额仍不足以开通，请再充值差额', updated_at: Date.now() })
            .where('user_id', '=', userId)
            .execute();
          return;
        }
        await moveRequest(userId, 'waiting', 'failed', `${err.message}（充值金额已在余额中）`.slice(0, 200));
      }
    },
    { external: true },
  );

  return {
    /** Checks the choice like the opening would and keeps it; the member then recharges `shortfall`. */
    async request(ctx: ActorContext, input: OpenChoice): Promise<SiteOpenOnlineAnswer> {
      const userId = ctx.actor.id;
      const price = await purchases.quoteOpen(userId, input);
      const shortfall = price - (await balanceOf(db, userId));
      if (shortfall <= 0) throw businessError('SITE_PAY_FROM_BALANCE');
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        // One choice per member: a new one replaces what was there.
        await trx.deleteFrom('site_open_requests').where('user_id', '=', userId).execute();
        await trx
          .insertInto('site_open_requests')
          .values({
            user_id: userId,
            params: JSON.stringify(input),
            price,
            status: 'waiting',
            reason: '',
            expires_at: now + REQUEST_HOURS * 3_600_000,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
      return { price, shortfall };
    },

    async current(userId: number): Promise<SiteOpenRequestView | null> {
      const row = await db
        .selectFrom('site_open_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row || row.status === 'cancelled') return null;
      const choice = JSON.parse(row.params) as OpenChoice;
      const version = await findVersion(db, choice.versionId);
      const status = row.status === 'waiting' && row.expires_at <= Date.now() ? 'expired' : row.status;
      return {
        title: choice.title,
        path: choice.path,
        versionName: version ? `${version.name}（${SitePeriodLabels[choice.period]}）` : '',
        period: choice.period,
        price: row.price,
        status,
        statusText: STATUS_TEXT[status],
        reason: row.reason,
        createdAt: formatDateTime(row.created_at, config.timeZone),
      };
    },

    async cancel(ctx: ActorContext): Promise<void> {
      const res = await statusUpdate(db, openRequestMachine, ['waiting', 'failed'], 'cancelled', {
        updated_at: Date.now(),
      })
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('SITE_OPEN_REQUEST_NOT_FOUND');
    },
  };
}
