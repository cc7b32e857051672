import type { LevelBuyResult, LevelExampleGoods, LevelOffer, MyLevelsAnswer, levelBuyInput, z } from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import { buyingProfile, callerOf, changeMemberLevel, checkSalePassword } from '../accounts/index.js';
import { debitBalance } from '../funds/index.js';
import { PLATFORM_SITE_ID } from '../sites/index.js';
import { catalogRepo as repo } from './catalog.repo.js';
import { upgradeQuote, type RankedLevel } from './level-upgrade.js';
import { loadPriceRules, quote } from './pricing.js';

/** How many goods the levels page shows as examples of what a level changes. */
const EXAMPLE_GOODS = 4;

/** Members on a sub-site pay the sub-site's prices (its owner's markup, decision 0009), not level prices. */
const SUB_SITE_NOTICE = '本站商品价格由站长设定，会员等级不影响本站价格，因此本站不出售会员等级。';

/** Why a level cannot be bought, as the code catalogue names it. */
const REFUSALS = { current: 'LEVEL_ALREADY', lower: 'LEVEL_NOT_HIGHER', notForSale: 'LEVEL_NOT_FOR_SALE' } as const;

interface LevelRow extends RankedLevel {
  name: string;
  description: string;
}

const ranked = (l: {
  id: number;
  name: string;
  sort: number;
  price: number | null;
  buyable: number;
  description: string;
}): LevelRow => ({
  id: l.id,
  name: l.name,
  sort: l.sort,
  price: l.price ? Number(l.price) : null,
  buyable: l.buyable === 1,
  description: l.description,
});

/**
 * Member levels for sale (/inside/selfLevel): the platform's levels with what each costs this
 * member now, and buying one from the balance. The levels are the platform's (site 1); on a
 * sub-site the member pays the site's own prices, so nothing is sold there.
 */
export function levelSalesService(db: Db) {
  const platformLevels = async () => (await repo.levels(db, PLATFORM_SITE_ID)).map(ranked);

  async function examplesOf(levels: LevelRow[]): Promise<LevelExampleGoods[]> {
    const goods = await repo.levelExamples(db, PLATFORM_SITE_ID, EXAMPLE_GOODS);
    const rules = await loadPriceRules(db, PLATFORM_SITE_ID, goods);
    return goods.map((g) => ({
      id: g.id,
      name: g.name,
      prices: levels.map((l) => ({ levelId: l.id, price: quote(rules.get(g.id)!, l.id, 1).unitPrice })),
    }));
  }

  return {
    async myLevels(ctx: ActorContext): Promise<MyLevelsAnswer> {
      const profile = await buyingProfile(db, ctx.actor.id);
      if (!profile) throw businessError('MEMBER_NOT_FOUND');
      const levels = await platformLevels();
      const current = levels.find((l) => l.id === profile.level_id);
      const currentView = { id: profile.level_id, name: current?.name ?? '' };
      if (ctx.site.id !== PLATFORM_SITE_ID)
        return { forSale: false, notice: SUB_SITE_NOTICE, current: currentView, levels: [], examples: [] };
      const examples = await examplesOf(levels);
      const priceAt = (g: LevelExampleGoods, levelId: number) => g.prices.find((p) => p.levelId === levelId)?.price;
      const saving = (levelId: number) =>
        examples.reduce((sum, g) => sum + (priceAt(g, profile.level_id) ?? 0) - (priceAt(g, levelId) ?? 0), 0);
      const offers = levels.map((l): LevelOffer => {
        const q = upgradeQuote(current, l);
        return {
          id: l.id,
          name: l.name,
          sort: l.sort,
          description: l.description,
          price: l.price,
          state: q.state,
          cost: q.state === 'buyable' ? q.cost : null,
          exampleSaving: current ? saving(l.id) : 0,
        };
      });
      return { forSale: true, notice: '', current: currentView, levels: offers, examples };
    },

    /**
     * Buys a level from the balance, in one transaction: the member moves from the level the price
     * was computed for (conditional: a concurrent purchase or staff change wins and this one is
     * refused, so a double click charges once), the balance is debited with a ledger row, the
     * audit row and `account.levelChanged` are written. A refusal or a short balance changes nothing.
     */
    async buy(ctx: ActorContext, input: z.output<typeof levelBuyInput>): Promise<LevelBuyResult> {
      if (ctx.site.id !== PLATFORM_SITE_ID) throw businessError('LEVEL_SITE_PRICES');
      const userId = ctx.actor.id;
      const profile = await buyingProfile(db, userId);
      if (!profile) throw businessError('MEMBER_NOT_FOUND');
      const levels = await platformLevels();
      const target = levels.find((l) => l.id === input.levelId);
      if (!target) throw businessError('LEVEL_NOT_FOUND');
      const current = levels.find((l) => l.id === profile.level_id);
      const q = upgradeQuote(current, target);
      if (q.state !== 'buyable') throw businessError(REFUSALS[q.state]);
      if (input.expectedCost !== undefined && input.expectedCost !== q.cost)
        throw businessError('LEVEL_PRICE_CHANGED', `等级价格已变动，现需支付 ${fenToYuan(q.cost)} 元，请确认后再购买`);
      // Money leaves the balance: the sale password guards it like any balance payment.
      if (q.cost > 0) await checkSalePassword(db, callerOf(ctx), profile, input.salePwd, 'balancePay');
      const from = { id: profile.level_id, name: current?.name ?? '' };
      const to = { id: target.id, name: target.name };
      return db.transaction().execute(async (trx) => {
        const moved = await changeMemberLevel(trx, {
          userId,
          siteId: ctx.site.id,
          from,
          to,
          by: 'purchase',
          paid: q.cost,
        });
        if (!moved) throw businessError('LEVEL_CHANGED');
        if (q.cost > 0)
          await debitBalance(trx, {
            userId,
            amount: q.cost,
            type: 'level_buy',
            refType: 'level',
            refId: target.id,
            memo: current?.price ? `从「${from.name}」升级到「${to.name}」` : `购买会员等级「${to.name}」`,
          });
        await writeAudit(ctx, trx, {
          target: `user:${userId}`,
          before: { levelId: from.id, levelName: from.name },
          after: { levelId: to.id, levelName: to.name, paid: q.cost },
        });
        return { levelId: to.id, levelName: to.name, paid: q.cost };
      });
    },
  };
}
export type LevelSalesService = ReturnType<typeof levelSalesService>;
