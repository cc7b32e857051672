import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { invitedAmong } from '../accounts/index.js';
import { reverseCommissions, writeCommissions } from './commissions.js';
import { promotionPosters } from './poster.js';
import { promotionRates, promotionSettings } from './promotion-rates.js';
import { promotionService } from './promotion.service.js';
import { registerPromotionAdminRoutes } from './promotion.admin.routes.js';
import { registerPromotionRoutes } from './promotion.routes.js';

export { commissionMachine } from './commissions.js';
export { promotionSettings, PROMOTION_SETTINGS_KEY } from './promotion-rates.js';

/**
 * Promotion (推广): consumes order.delivered (writes the commissions of up to three inviters) and
 * order.refunded (reverses them in proportion), publishes promotion.credited; registers the member
 * centre's, the site owners' and the admin's calls.
 */
export function registerPromotion(app: FastifyInstance, deps: Deps): void {
  const service = promotionService(deps);
  const rates = promotionRates(deps);
  registerPromotionRoutes(app, service, promotionPosters(deps), rates);
  registerPromotionAdminRoutes(app, service, rates);
  // Switched off with the admin's 发放推广佣金: deliveries then cost the outbox nothing for it.
  // Most buyers were invited by nobody: one read for a chunk of orders finds those who were.
  deps.events.onChunk(
    'order.delivered',
    'promotion.commissions',
    async (events, trx) => {
      const invited = await invitedAmong(
        trx,
        events.map((e) => e.payload.userId!),
      );
      for (const event of events)
        if (invited.has(event.payload.userId!))
          await writeCommissions(trx, event, promotionSettings(deps.settings), deps.config.timeZone);
    },
    // A visitor has no inviter, nor a member the checkout found uninvited (`invited` false).
    { when: () => promotionSettings(deps.settings).enabled, wants: (p) => p.userId !== null && p.invited !== false },
  );
  // Refunds always reverse what was written, even while promotion is switched off.
  deps.events.on('order.refunded', 'promotion.reversals', (event, trx) =>
    reverseCommissions(trx, event).then(() => undefined),
  );
}
