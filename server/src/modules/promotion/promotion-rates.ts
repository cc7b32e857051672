import type {
  Paged,
  PromotionOverrideRow,
  PromotionSettingsView,
  PromotionSiteRates,
  promotionOverrideSaveInput,
  promotionSettingsInput,
  promotionSiteRatesInput,
  z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fetchPage } from '../../core/paging.js';
import type { SettingsStore } from '../../core/settings.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { platformDirsByIds, platformGoodsByIds } from '../catalog/index.js';
import { ownedSite } from '../sites/index.js';

export const PROMOTION_SETTINGS_KEY = 'promotion.settings';

/**
 * Defaults: on, 5 % / 2 % / 1 % of the paid amount, frozen 7 days, no daily cap, no commission
 * between accounts that registered from the same IP address.
 */
export const DEFAULT_PROMOTION_SETTINGS: PromotionSettingsView = {
  enabled: true,
  rates: [500, 200, 100],
  freezeDays: 7,
  dailyCap: 0,
  blockSameIp: true,
  blockSameSubnet: false,
};

const isCount = (v: unknown, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;

/** The stored settings over the defaults; a malformed field keeps its default. */
export function promotionSettings(settings: SettingsStore): PromotionSettingsView {
  const raw = settings.get(PROMOTION_SETTINGS_KEY);
  const out: PromotionSettingsView = { ...DEFAULT_PROMOTION_SETTINGS, rates: [...DEFAULT_PROMOTION_SETTINGS.rates] };
  if (!raw) return out;
  try {
    const s = JSON.parse(raw) as Partial<PromotionSettingsView>;
    if (typeof s.enabled === 'boolean') out.enabled = s.enabled;
    if (Array.isArray(s.rates) && s.rates.length === 3 && s.rates.every((r) => isCount(r, 10_000)))
      out.rates = [s.rates[0], s.rates[1], s.rates[2]];
    if (isCount(s.freezeDays, 365)) out.freezeDays = s.freezeDays;
    if (isCount(s.dailyCap, Number.MAX_SAFE_INTEGER)) out.dailyCap = s.dailyCap;
    if (typeof s.blockSameIp === 'boolean') out.blockSameIp = s.blockSameIp;
    if (typeof s.blockSameSubnet === 'boolean') out.blockSameSubnet = s.blockSameSubnet;
  } catch {
    // keep the defaults
  }
  return out;
}

type Rates = [number, number, number];
const ratesOf = (r: { rate1: number; rate2: number; rate3: number }): Rates => [
  Number(r.rate1),
  Number(r.rate2),
  Number(r.rate3),
];

/**
 * The platform's rates for a goods: its own override, else its directory's, else the parent
 * directory's, else the default rates. A sub-site's own goods (decision 0018) earn the platform
 * nothing, so it pays no commission on them (the owner's own rates still may).
 */
export async function platformRatesFor(db: Db, settings: PromotionSettingsView, goodsId: number): Promise<Rates> {
  const goods = (await platformGoodsByIds(db, [goodsId])).get(goodsId);
  if (!goods) return [0, 0, 0];
  const dirs: number[] = [goods.dirId];
  const parent = (await platformDirsByIds(db, [goods.dirId])).get(goods.dirId)?.parentId;
  if (parent) dirs.push(parent);
  const rows = await db
    .selectFrom('promotion_rate_overrides')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'goods'), eb('target_id', '=', goodsId)]),
        ...(dirs.length ? [eb.and([eb('scope', '=', 'dir'), eb('target_id', 'in', dirs)])] : []),
      ]),
    )
    .execute();
  const byGoods = rows.find((r) => r.scope === 'goods');
  if (byGoods) return ratesOf(byGoods);
  for (const dir of dirs) {
    const row = rows.find((r) => r.scope === 'dir' && Number(r.target_id) === dir);
    if (row) return ratesOf(row);
  }
  return settings.rates;
}

/** A sub-site owner's extra rates for their customers ([0, 0, 0] when they fund none). */
export async function siteRatesOf(db: Db, siteId: number): Promise<Rates> {
  const row = await db.selectFrom('promotion_site_rates').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  return row ? ratesOf(row) : [0, 0, 0];
}

/** The admin's settings and rate overrides, and the owners' extra rates. */
export function promotionRates(deps: Deps) {
  const { db, settings, config } = deps;
  const overrideView = (
    r: {
      id: number;
      scope: 'dir' | 'goods';
      target_id: number;
      rate1: number;
      rate2: number;
      rate3: number;
      updated_at: number;
    },
    names: Map<string, string>,
  ): PromotionOverrideRow => ({
    id: r.id,
    scope: r.scope,
    scopeText: r.scope === 'dir' ? '目录' : '商品',
    targetId: Number(r.target_id),
    targetName: names.get(`${r.scope}:${r.target_id}`) ?? '（已删除）',
    rates: ratesOf(r),
    updatedAt: formatDateTime(Number(r.updated_at), config.timeZone),
  });

  async function targetNames(rows: Array<{ scope: string; target_id: number }>) {
    const ids = (scope: string) => rows.filter((r) => r.scope === scope).map((r) => Number(r.target_id));
    const names = new Map<string, string>();
    for (const [id, d] of await platformDirsByIds(db, ids('dir'))) names.set(`dir:${id}`, d.name);
    for (const [id, g] of await platformGoodsByIds(db, ids('goods'))) names.set(`goods:${id}`, g.name);
    return names;
  }

  return {
    settings: () => promotionSettings(settings),

    async saveSettings(ctx: RequestContext, input: z.output<typeof promotionSettingsInput>) {
      const before = promotionSettings(settings);
      const value: PromotionSettingsView = {
        enabled: input.enabled,
        rates: [input.level1, input.level2, input.level3],
        freezeDays: input.freezeDays,
        dailyCap: input.dailyCap,
        blockSameIp: input.blockSameIp,
        blockSameSubnet: input.blockSameSubnet,
      };
      await db.transaction().execute(async (trx) => {
        await settings.set(PROMOTION_SETTINGS_KEY, JSON.stringify(value), trx);
        await writeAudit(ctx, trx, { target: 'promotion:settings', before, after: value });
      });
      return value;
    },

    async overrides(input: { page: number; pageSize: number }): Promise<Paged<PromotionOverrideRow>> {
      const page = await fetchPage(
        db.selectFrom('promotion_rate_overrides').selectAll().orderBy('scope').orderBy('id'),
        input,
      );
      const names = await targetNames(page.list);
      return { ...page, list: page.list.map((r) => overrideView(r, names)) };
    },

    /** One override per directory or goods: saving again replaces its rates. */
    async saveOverride(ctx: RequestContext, input: z.output<typeof promotionOverrideSaveInput>) {
      const exists =
        input.scope === 'dir'
          ? (await platformDirsByIds(db, [input.targetId])).has(input.targetId)
          : (await platformGoodsByIds(db, [input.targetId])).has(input.targetId);
      if (!exists) throw businessError('PROMOTION_OVERRIDE_TARGET');
      const now = Date.now();
      const values = { rate1: input.level1, rate2: input.level2, rate3: input.level3, updated_at: now };
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('promotion_rate_overrides')
          .selectAll()
          .where('scope', '=', input.scope)
          .where('target_id', '=', input.targetId)
          .executeTakeFirst();
        await trx
          .insertInto('promotion_rate_overrides')
          .values({ scope: input.scope, target_id: input.targetId, ...values })
          .onConflict((oc) => oc.columns(['scope', 'target_id']).doUpdateSet(values))
          .execute();
        const row = await trx
          .selectFrom('promotion_rate_overrides')
          .selectAll()
          .where('scope', '=', input.scope)
          .where('target_id', '=', input.targetId)
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { id: row.id, before: before ?? null });
        return row;
      });
      return overrideView(row, await targetNames([row]));
    },

    async deleteOverride(ctx: RequestContext, id: number) {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('promotion_rate_overrides')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw businessError('PROMOTION_OVERRIDE_NOT_FOUND');
        await trx.deleteFrom('promotion_rate_overrides').where('id', '=', id).execute();
        await writeAudit(ctx, trx, { id, before });
      });
      return { id };
    },

    /** The owner's extra rates for their site's customers (SITE_OWNER_REQUIRED without a site). */
    async siteRates(ctx: ActorContext): Promise<PromotionSiteRates> {
      const site = await ownedSite(db, ctx.actor.id);
      if (!site) throw businessError('NOT_SITE_OWNER');
      return { siteId: site.id, title: site.title, rates: await siteRatesOf(db, site.id) };
    },

    async saveSiteRates(
      ctx: ActorContext,
      input: z.output<typeof promotionSiteRatesInput>,
    ): Promise<PromotionSiteRates> {
      const site = await ownedSite(db, ctx.actor.id);
      if (!site) throw businessError('NOT_SITE_OWNER');
      const values = { rate1: input.level1, rate2: input.level2, rate3: input.level3, updated_at: Date.now() };
      await db
        .insertInto('promotion_site_rates')
        .values({ site_id: site.id, ...values })
        .onConflict((oc) => oc.column('site_id').doUpdateSet(values))
        .execute();
      return { siteId: site.id, title: site.title, rates: [input.level1, input.level2, input.level3] };
    },
  };
}
export type PromotionRates = ReturnType<typeof promotionRates>;
