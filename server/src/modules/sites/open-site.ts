import { randomInt } from 'node:crypto';
import {
  SITE_PERIOD_DAYS,
  SitePeriodLabels,
  SitePurchaseKindLabels,
  type Paged,
  type SiteOpenOptions,
  type SitePeriod,
  type SitePurchaseAnswer,
  type SitePurchaseRow,
  type SiteUpgradeQuote,
  type siteOpenInput,
  type siteRenewInput,
  type siteUpgradeInput,
  type siteUpgradeQuoteInput,
  type z,
} from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import {
  buyingProfile,
  callerOf,
  memberHome,
  requireSalePassword,
  saleOpsOf,
  setMemberLevel,
} from '../accounts/index.js';
import { debitBalance } from '../funds/index.js';
import { mySiteView, ownedSite, requireOwnedSite, uniqueViolation, type SiteRow } from './my-site.js';
import { writeShares } from '../profits/index.js';
import { conformOnMove } from './goods-limit.js';
import type { ShelfCatalog } from './seller.js';
import { siteMachine } from './site-machine.js';
import { pathProblem, type ReservedPath } from './site-profile.js';
import { PLATFORM_SITE_ID } from './sites.service.js';
import { chainIds, chainMargins, chainSites, scaledMargins, sellingPrices, versionChain } from './version-prices.js';
import { featuresOf, findVersion, levelNames, versionsOnSale, type VersionRow } from './versions.js';

const DAY = 86_400_000;

/** When a period bought at `from` ends; null for permanent. */
export function periodEnd(period: SitePeriod, from: number): number | null {
  return period === 'forever' ? null : from + SITE_PERIOD_DAYS[period] * DAY;
}

/** A renewal extends from the later of now and the current end (an expired site starts again now). */
export function renewedEnd(period: SitePeriod, current: number | null, now: number): number | null {
  return periodEnd(period, Math.max(now, current ?? now));
}

/**
 * What the rest of the current period is worth at an upgrade: floor(paid × remaining / period
 * length); a permanent site credits all it paid; an ended period credits nothing.
 */
export function upgradeCredit(paid: number, period: SitePeriod | null, expiresAt: number | null, now: number): number {
  if (paid <= 0 || period === null) return 0;
  if (period === 'forever') return paid;
  if (expiresAt === null || expiresAt <= now) return 0;
  return Number((BigInt(paid) * BigInt(expiresAt - now)) / BigInt(SITE_PERIOD_DAYS[period] * DAY));
}

/** Purchase numbers: S, UTC time to the ms (sorts by time), 6 random digits. */
function newPurchaseNo(now: number): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const time = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`;
  return `S${time}${p(randomInt(0, 1_000_000), 6)}`;
}

interface Purchase {
  userId: number;
  site: { id: number; title: string };
  /** The chain of the site that sells (the buyer's parent), platform first. */
  sellerChain: number[];
  version: VersionRow;
  period: SitePeriod;
  kind: 'open' | 'renew' | 'upgrade';
  price: number;
  credit: number;
  expiresBefore: number | null;
  expiresAfter: number | null;
  /** The list margins of the sellers' chain (below the platform) for this price. */
  margins: number[];
}

/**
 * The money of one purchase, in the caller's transaction: the purchase row, the balance debit with
 * its ledger row, each ancestor's margin as a frozen profit share (scaled down when a credit paid
 * part of it), and the owner's level.
 */
async function settle(deps: Deps, trx: Db, p: Purchase, now: number): Promise<{ purchaseNo: string; amount: number }> {
  const amount = Math.max(0, p.price - p.credit);
  const purchaseNo = newPurchaseNo(now);
  const { id } = await trx
    .insertInto('site_purchases')
    .values({
      purchase_no: purchaseNo,
      site_id: p.site.id,
      user_id: p.userId,
      version_id: p.version.id,
      period: p.period,
      kind: p.kind,
      price: p.price,
      credit: p.credit,
      amount,
      expires_before: p.expiresBefore,
      expires_after: p.expiresAfter,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (amount > 0)
    await debitBalance(trx, {
      userId: p.userId,
      amount,
      type: 'site_purchase',
      refType: 'site_purchase',
      refId: purchaseNo,
      memo: `${SitePurchaseKindLabels[p.kind]}分站「${p.site.title}」${p.version.name}（${SitePeriodLabels[p.period]}）`,
    });
  const sellers = await chainSites(trx, p.sellerChain);
  const margins = scaledMargins(p.margins, amount, p.price);
  const lines = sellers.flatMap((s, i) =>
    s.owner_user_id === null
      ? []
      : [{ siteId: s.id, userId: s.owner_user_id, depth: s.depth, amount: margins[i] ?? 0 }],
  );
  await writeShares(trx, 'purchase', id, lines, 'frozen', now);
  await setMemberLevel(trx, p.userId, p.version.level_id);
  return { purchaseNo, amount };
}

/** The links of a version's price down the seller's chain for a period; refuses a period not sold. */
async function priceAt(db: Db, version: VersionRow, sellerChain: number[], period: SitePeriod) {
  const links = (await versionChain(db, version, sellerChain))[period];
  if (!links) throw businessError('SITE_PERIOD_NOT_SOLD');
  return { price: links[links.length - 1], margins: chainMargins(links) };
}

type Parent = Pick<SiteRow, 'id' | 'title' | 'status' | 'chain' | 'depth' | 'version_id'>;

/**
 * Opening, renewing and upgrading a site (/inside/selfCreatVip), paid from the balance in one
 * transaction. A member opens under the site where they registered; that site's version must
 * allow children (unless it is the platform); one site per member.
 */
export function sitePurchases(deps: Deps, reserved: ReservedPath, catalog: ShelfCatalog) {
  const { db, config, dialect } = deps;

  async function parentOf(userId: number): Promise<Parent> {
    const home = await memberHome(db, userId);
    if (!home) throw businessError('MEMBER_NOT_FOUND');
    if (home.status !== 'active') throw businessError('ACCOUNT_DISABLED');
    const parent = await db
      .selectFrom('sites')
      .select(['id', 'title', 'status', 'chain', 'depth', 'version_id'])
      .where('id', '=', home.site_id)
      .executeTakeFirst();
    if (!parent) throw businessError('SITE_PARENT_UNAVAILABLE');
    return parent;
  }

  /** Refuses a parent that is not open for children; with `lock` (in the opening transaction) its row is locked first (PostgreSQL), so two openings count one after the other. */
  async function checkParent(conn: Db, parent: Parent, lock = false): Promise<void> {
    if (parent.id === PLATFORM_SITE_ID) return;
    if (parent.status !== 'active') throw businessError('SITE_PARENT_UNAVAILABLE');
    const version = parent.version_id === null ? undefined : await findVersion(conn, parent.version_id);
    const max = version ? featuresOf(version).maxChildren : 0;
    if (max <= 0) throw businessError('SITE_PARENT_NO_CHILDREN');
    if (lock && dialect === 'postgres')
      await conn.selectFrom('sites').select('id').where('id', '=', parent.id).forUpdate().execute();
    const { n } = await conn
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', parent.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) throw businessError('SITE_CHILD_LIMIT');
  }

  async function saleVersion(id: number): Promise<VersionRow> {
    const version = await findVersion(db, id);
    if (!version || version.status !== 'on') throw businessError('SITE_VERSION_NOT_FOUND');
    return version;
  }

  const answer =
    (site: SiteRow | { id: number; path: string | null }, kind: Purchase['kind']) =>
    (r: { purchaseNo: string; amount: number }, expiresAt: number | null): SitePurchaseAnswer => ({
      siteId: site.id,
      path: site.path ?? '',
      purchaseNo: r.purchaseNo,
      kind,
      amount: r.amount,
      expiresAt: expiresAt === null ? null : formatDateTime(expiresAt, config.timeZone),
    });

  /** A site the owner pays for now: not suspended by staff. */
  function payable(site: SiteRow): void {
    if (site.status === 'suspended') throw businessError('SITE_SUSPENDED_BY_ADMIN');
  }

  async function quoteUpgrade(site: SiteRow, input: z.output<typeof siteUpgradeQuoteInput>, now: number) {
    const current = site.version_id === null ? undefined : await findVersion(db, site.version_id);
    const next = await saleVersion(input.versionId);
    if (current && next.sort <= current.sort) throw businessError('SITE_DOWNGRADE');
    const sellerChain = chainIds(site.chain).slice(0, -1);
    const { price, margins } = await priceAt(db, next, sellerChain, input.period);
    const credit = upgradeCredit(site.paid_price ?? 0, site.period, site.expires_at, now);
    return { next, sellerChain, price, margins, credit, expiresAt: periodEnd(input.period, now) };
  }

  /** The checks before an opening and its price: no site yet, a free path, a parent that may have children, a version on sale. */
  async function openTerms(userId: number, input: Omit<z.output<typeof siteOpenInput>, 'salePwd'>) {
    if (await ownedSite(db, userId)) throw businessError('SITE_ALREADY_OWNED');
    const problem = await pathProblem(db, input.path, reserved);
    if (problem) throw businessError(problem);
    const parent = await parentOf(userId);
    await checkParent(db, parent);
    const version = await saleVersion(input.versionId);
    const sellerChain = chainIds(parent.chain);
    const { price, margins } = await priceAt(db, version, sellerChain, input.period);
    return { parent, version, sellerChain, price, margins };
  }

  async function openFor(
    userId: number,
    input: Omit<z.output<typeof siteOpenInput>, 'salePwd'>,
    authorise: (price: number) => Promise<void>,
  ): Promise<SitePurchaseAnswer> {
    const { parent, version, sellerChain, price, margins } = await openTerms(userId, input);
    await authorise(price);
    const now = Date.now();
    const expiresAt = periodEnd(input.period, now);
    try {
      const done = await db.transaction().execute(async (trx) => {
        await checkParent(trx, parent, true);
        const { id } = await trx
          .insertInto('sites')
          .values({
            parent_id: parent.id,
            owner_user_id: userId,
            title: input.title,
            subtitle: '',
            path: input.path,
            domain: null,
            status: 'active',
            created_at: now,
            depth: parent.depth + 1,
            chain: parent.chain,
            version_id: version.id,
            expires_at: expiresAt,
            period: input.period,
            paid_price: price,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The chain names the site itself, known once it has an id; it never changes after.
        await trx
          .updateTable('sites')
          .set({ chain: `${parent.chain}/${id}` })
          .where('id', '=', id)
          .execute();
        // On a version with a goods limit the shelf is opt-in: seeded with the first goods of the
        // parent's catalogue so the new site does not open empty (decision 0019).
        await conformOnMove(trx, catalog, id, null, version.max_goods);
        // The site sells at once: a global markup for its buyers (the owner's own rules come later).
        if (input.markupPercent > 0)
          await trx
            .insertInto('site_price_rules')
            .values({
              site_id: id,
              audience: 'buyer',
              scope: 'global',
              target_id: null,
              range_min: null,
              range_max: null,
              kind: 'percent',
              value: input.markupPercent * 100,
              created_at: now,
            })
            .execute();
        const site = { id, title: input.title };
        const paid = await settle(
          deps,
          trx,
          {
            userId,
            site,
            sellerChain,
            version,
            period: input.period,
            kind: 'open',
            price,
            credit: 0,
            expiresBefore: null,
            expiresAfter: expiresAt,
            margins,
          },
          now,
        );
        return answer({ id, path: input.path }, 'open')(paid, expiresAt);
      });
      await deps.caches.changed('site');
      await deps.caches.changed('site-rules');
      return done;
    } catch (err) {
      const unique = uniqueViolation(err);
      if (unique?.includes('owner')) throw businessError('SITE_ALREADY_OWNED');
      if (unique?.includes('path')) throw businessError('SITE_PATH_TAKEN');
      throw err;
    }
  }

  return {
    async options(ctx: ActorContext): Promise<Omit<SiteOpenOptions, 'openRequest'>> {
      const mine = await ownedSite(db, ctx.actor.id);
      const parent = mine
        ? await db
            .selectFrom('sites')
            .select(['id', 'title'])
            .where('id', '=', mine.parent_id ?? PLATFORM_SITE_ID)
            .executeTakeFirst()
        : await parentOf(ctx.actor.id);
      const sellerChain = mine ? chainIds(mine.chain).slice(0, -1) : chainIds((parent as Parent).chain);
      const versions = await versionsOnSale(db);
      const names = await levelNames(
        db,
        versions.map((v) => v.level_id),
      );
      const offers = [];
      for (const v of versions) {
        const prices = sellingPrices(await versionChain(db, v, sellerChain));
        if (prices.month === null && prices.year === null && prices.forever === null) continue;
        offers.push({
          id: v.id,
          name: v.name,
          description: v.description,
          prices,
          levelName: names.get(v.level_id) ?? '',
          features: featuresOf(v),
          sort: v.sort,
        });
      }
      let reason = '';
      if (mine) reason = '你已经开通了分站';
      else
        await checkParent(db, parent as Parent).catch((err: { message?: string }) => {
          reason = err.message ?? '暂时不能开通分站';
        });
      const profile = await buyingProfile(db, ctx.actor.id);
      return {
        versions: offers,
        parentTitle: parent?.title ?? '',
        canOpen: reason === '',
        reason,
        salePwdRequired: profile?.sale_pwd_enabled === 1 && saleOpsOf(profile.sale_pwd_ops).includes('balancePay'),
        mySite: mine ? await mySiteView(deps, mine) : null,
      };
    },

    /** What opening would cost the member now, after every check the opening itself makes (nothing is written). */
    async quoteOpen(userId: number, input: Omit<z.output<typeof siteOpenInput>, 'salePwd'>): Promise<number> {
      return (await openTerms(userId, input)).price;
    },

    /** Opens the member's site, paid from the balance (with the sale password when they use one). */
    open(ctx: ActorContext, input: z.output<typeof siteOpenInput>): Promise<SitePurchaseAnswer> {
      return openFor(ctx.actor.id, input, (price) =>
        price > 0 ? requireSalePassword(db, callerOf(ctx), input.salePwd, 'balancePay') : Promise.resolve(),
      );
    },

    /**
     * Opens a site the member has just paid for online (a recharge of the shortfall, open-online.ts):
     * from the balance, without the sale password (they were not there to type it).
     */
    openPaidOnline(userId: number, input: Omit<z.output<typeof siteOpenInput>, 'salePwd'>) {
      return openFor(userId, input, () => Promise.resolve());
    },

    async renew(ctx: ActorContext, input: z.output<typeof siteRenewInput>): Promise<SitePurchaseAnswer> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      payable(site);
      if (site.period === 'forever') throw businessError('SITE_FOREVER');
      const version = site.version_id === null ? undefined : await findVersion(db, site.version_id);
      if (!version) throw businessError('SITE_VERSION_NOT_FOUND');
      const sellerChain = chainIds(site.chain).slice(0, -1);
      const { price, margins } = await priceAt(db, version, sellerChain, input.period);
      if (price > 0) await requireSalePassword(db, callerOf(ctx), input.salePwd, 'balancePay');
      const now = Date.now();
      const expiresAt = renewedEnd(input.period, site.expires_at, now);
      const done = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('sites')
          .set({ expires_at: expiresAt, period: input.period, paid_price: price, reminded_days: null, updated_at: now })
          .where('id', '=', site.id)
          .where('expires_at', site.expires_at === null ? 'is' : '=', site.expires_at)
          .where('version_id', '=', version.id)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw businessError('CONFLICT');
        // Renewing an expired site opens it again (also when the expiry job expired it meanwhile).
        await moveStatus(trx, siteMachine, site.id, 'expired', 'active', { updated_at: now });
        const paid = await settle(
          deps,
          trx,
          {
            userId: ctx.actor.id,
            site,
            sellerChain,
            version,
            period: input.period,
            kind: 'renew',
            price,
            credit: 0,
            expiresBefore: site.expires_at,
            expiresAfter: expiresAt,
            margins,
          },
          now,
        );
        return answer(site, 'renew')(paid, expiresAt);
      });
      await deps.caches.changed('site');
      return done;
    },

    async upgradeQuote(ctx: ActorContext, input: z.output<typeof siteUpgradeQuoteInput>): Promise<SiteUpgradeQuote> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      payable(site);
      const q = await quoteUpgrade(site, input, Date.now());
      return {
        price: q.price,
        credit: q.credit,
        charge: Math.max(0, q.price - q.credit),
        expiresAt: q.expiresAt === null ? null : formatDateTime(q.expiresAt, config.timeZone),
      };
    },

    async upgrade(ctx: ActorContext, input: z.output<typeof siteUpgradeInput>): Promise<SitePurchaseAnswer> {
      const site = await requireOwnedSite(db, ctx.actor.id);
      payable(site);
      const now = Date.now();
      const q = await quoteUpgrade(site, input, now);
      if (q.price - q.credit > 0) await requireSalePassword(db, callerOf(ctx), input.salePwd, 'balancePay');
      const done = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('sites')
          .set({
            version_id: q.next.id,
            expires_at: q.expiresAt,
            period: input.period,
            paid_price: q.price,
            reminded_days: null,
            updated_at: now,
          })
          .where('id', '=', site.id)
          .where('expires_at', site.expires_at === null ? 'is' : '=', site.expires_at)
          .where('version_id', site.version_id === null ? 'is' : '=', site.version_id)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw businessError('CONFLICT');
        await moveStatus(trx, siteMachine, site.id, 'expired', 'active', { updated_at: now });
        // The shelf follows the new version's goods limit: seeded when it becomes capped, trimmed
        // when the limit is lower; an uncapped version returns to the default shelf (decision 0019).
        const currentCap = site.version_id === null ? 0 : ((await findVersion(trx, site.version_id))?.max_goods ?? 0);
        await conformOnMove(trx, catalog, site.id, currentCap, q.next.max_goods);
        const paid = await settle(
          deps,
          trx,
          {
            userId: ctx.actor.id,
            site,
            sellerChain: q.sellerChain,
            version: q.next,
            period: input.period,
            kind: 'upgrade',
            price: q.price,
            credit: q.credit,
            expiresBefore: site.expires_at,
            expiresAfter: q.expiresAt,
            margins: q.margins,
          },
          now,
        );
        return answer(site, 'upgrade')(paid, q.expiresAt);
      });
      await deps.caches.changed('site');
      await deps.caches.changed('site-rules');
      return done;
    },

    async purchases(ctx: ActorContext, page: number, pageSize: number): Promise<Paged<SitePurchaseRow>> {
      const rows = await fetchPage(
        db
          .selectFrom('site_purchases')
          .leftJoin('site_versions', 'site_versions.id', 'site_purchases.version_id')
          .select([
            'site_purchases.purchase_no',
            'site_purchases.kind',
            'site_purchases.period',
            'site_purchases.price',
            'site_purchases.credit',
            'site_purchases.amount',
            'site_purchases.expires_after',
            'site_purchases.created_at',
            'site_versions.name as version_name',
          ])
          .where('site_purchases.user_id', '=', ctx.actor.id)
          .orderBy('site_purchases.id', 'desc'),
        { page, pageSize },
      );
      return mapPage(rows, (r) => ({
        purchaseNo: r.purchase_no,
        kind: r.kind,
        kindText: SitePurchaseKindLabels[r.kind],
        versionName: r.version_name ?? '',
        period: r.period,
        periodText: SitePeriodLabels[r.period],
        price: r.price,
        credit: r.credit,
        amount: r.amount,
        expiresAfter: r.expires_after === null ? null : formatDateTime(r.expires_after, config.timeZone),
        createdAt: formatDateTime(r.created_at, config.timeZone),
      }));
    },
  };
}
export type SitePurchases = ReturnType<typeof sitePurchases>;
