import type { Selectable } from 'kysely';
import {
  CdkBatchStatusLabels,
  CdkKindLabels,
  CdkStatusLabels,
  memberText,
  type CdkBatchView,
  type CdkCodeView,
  type CdkFresh,
  type CdkGenerated,
  type CdkGenerateInput,
  type CdkKind,
  type CdkStatus,
  type MyCdkCreated,
  type MyCdkCreateInput,
  type MyCdkRow,
  type MyCdkVoided,
  type Paged,
  type cdkBatchListInput,
  type cdkCodeListInput,
  type myCdkListInput,
  type z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext, SiteRef } from '../../core/context.js';
import { csvCell, csvDocument } from '../../core/csv.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus, statusUpdate } from '../../core/fsm.js';
import { fenToYuan } from '../../core/money.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { callerOf, memberLabels, requireSalePassword } from '../accounts/index.js';
import { buyerLevel, findGoods, platformSale, priceFor, sells, siteSale, type GoodsRow } from '../catalog/index.js';
import { balanceOf, creditBalance, debitBalance } from '../funds/index.js';
import type { ShareLine } from '../profits/index.js';
import { ownedSite, sitePathPrefix, siteTitleOf } from '../sites/index.js';
import { secretBoxFor } from '../verification/index.js';
import { cdkBatchMachine, cdkCodeMachine } from './cdk-machine.js';
import { codeHasher, groupCode, maskedHint, shortLink } from './code-text.js';
import { insertCodes, type NewCode } from './generate.js';
import { statusOf, type CdkPorts, type CodeRow } from './redeem.js';
import type { CdkBatchesTable } from './tables.js';

type BatchRow = Selectable<CdkBatchesTable>;
type NewBatch = Omit<BatchRow, 'id'>;

/** What one redemption of a goods code is worth to its buyer, and the chain's margins in it. */
interface GoodsTerms {
  goods: GoodsRow;
  /** Fen the buyer pays per redemption. */
  unitPaid: number;
  shares: ShareLine[];
}

/**
 * Batches of redemption codes (decision 0013): staff generate them free of charge (the platform
 * gives the goods or balance away); a member buys gift codes from their balance at their own price
 * (goods) or face value (balance); a site owner buys codes for their site at the site's cost. Voiding
 * an unused code gives its buyer back what its unused redemptions cost, through the ledger.
 */
export function cdkService(deps: Deps, ports: CdkPorts) {
  const { db, config } = deps;
  const hash = codeHasher(config.dataDir);
  const box = secretBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(Number(ms), config.timeZone) : '');

  function checkExpiry(expiresAt: number | undefined, now: number): void {
    if (expiresAt !== undefined && expiresAt <= now) throw businessError('CDK_EXPIRY_INVALID');
  }

  function checkQuantity(goods: GoodsRow, q: number): void {
    if (q < goods.min_quantity || q > goods.max_quantity || q % goods.multiple !== 0) {
      const rule = `每个兑换码的商品数量须在 ${goods.min_quantity}-${goods.max_quantity} 之间${goods.multiple > 1 ? `，且为 ${goods.multiple} 的倍数` : ''}`;
      throw businessError('QUANTITY_INVALID', rule);
    }
  }

  /** The goods a code promises, checked as a sale at `site`. */
  async function goodsAt(site: SiteRef, goodsId: number): Promise<GoodsRow> {
    const goods = await findGoods(db, site, goodsId);
    if (goods.status !== 'on_sale') throw businessError('GOODS_NOT_ON_SALE');
    return goods;
  }

  /**
   * A member's gift code for goods: what they would pay for `quantity` at `site` (their level, the
   * site's chain), every link's margin owed to its owner when it is redeemed.
   */
  async function giftTerms(site: SiteRef, userId: number, goodsId: number, q: number): Promise<GoodsTerms> {
    const goods = await goodsAt(site, goodsId);
    checkQuantity(goods, q);
    const sale =
      site.depth === 0 ? platformSale(site, await buyerLevel(db, site.id, userId)) : await siteSale(db, site, userId);
    if (!sells(sale, goods)) throw businessError('GOODS_NOT_FOUND');
    const price = await priceFor(db, sale, goods, q);
    const shares = (price.chain?.links ?? []).map((l) => ({
      siteId: l.siteId,
      userId: l.userId,
      depth: l.depth,
      amount: l.unitMargin * q,
    }));
    return { goods, unitPaid: price.amount, shares };
  }

  /**
   * A site owner's code for their own site: the site's cost (what a buyer pays less the site's own
   * margin); the ancestors' margins in that cost are theirs once redeemed.
   */
  async function siteTerms(site: SiteRef, goodsId: number, q: number): Promise<GoodsTerms> {
    const goods = await goodsAt(site, goodsId);
    checkQuantity(goods, q);
    const sale = await siteSale(db, site, null);
    if (!sells(sale, goods)) throw businessError('GOODS_NOT_FOUND');
    const price = await priceFor(db, sale, goods, q);
    const links = price.chain?.links ?? [];
    const own = links.find((l) => l.siteId === site.id)?.unitMargin ?? 0;
    const shares = links
      .filter((l) => l.siteId !== site.id)
      .map((l) => ({ siteId: l.siteId, userId: l.userId, depth: l.depth, amount: l.unitMargin * q }));
    return { goods, unitPaid: price.amount - own * q, shares };
  }

  async function insertBatch(trx: Db, row: NewBatch): Promise<number> {
    const { id } = await trx.insertInto('cdk_batches').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  async function batchView(b: BatchRow, now = Date.now()): Promise<CdkBatchView> {
    const [view] = await batchViews([b], now);
    return view!;
  }

  async function batchViews(rows: BatchRow[], now = Date.now()): Promise<CdkBatchView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((b) => b.id);
    const counts = await db
      .selectFrom('cdk_codes')
      .select((eb) => [
        'batch_id',
        eb.fn.sum<number>('used_count').as('redeemed'),
        eb.fn
          .count<number>('id')
          .filterWhere((w) =>
            w.and([w('status', '=', 'active'), w.or([w('expires_at', 'is', null), w('expires_at', '>', now)])]),
          )
          .as('open'),
      ])
      .where('batch_id', 'in', ids)
      .groupBy('batch_id')
      .execute();
    const byBatch = new Map(counts.map((c) => [Number(c.batch_id), c]));
    const members = await memberLabels(
      db,
      rows.map((b) => b.creator_user_id),
    );
    const titles = new Map<number, string>();
    for (const siteId of new Set(rows.map((b) => Number(b.site_id)))) titles.set(siteId, await siteTitleOf(db, siteId));
    return rows.map((b) => {
      const c = byBatch.get(b.id);
      return {
        id: b.id,
        name: b.name,
        kind: b.kind,
        kindText: CdkKindLabels[b.kind],
        goodsId: b.goods_id,
        goodsName: b.goods_name,
        quantity: Number(b.quantity),
        amount: Number(b.amount),
        count: Number(b.count),
        uses: Number(b.uses),
        redeemed: Number(c?.redeemed ?? 0),
        open: b.status === 'voided' ? 0 : Number(c?.open ?? 0),
        status: b.status,
        statusText: CdkBatchStatusLabels[b.status],
        siteTitle: titles.get(Number(b.site_id)) ?? '',
        creator: b.creator_user_id !== null ? memberText(members.get(b.creator_user_id)) : b.creator_staff || '管理员',
        expiresAt: time(b.expires_at),
        createdAt: time(b.created_at),
      };
    });
  }

  /** Codes with their batch, filtered by the status people read (expired is active past its time). */
  function codesWhere(status: CdkStatus | undefined, now: number) {
    let q = db.selectFrom('cdk_codes').innerJoin('cdk_batches', 'cdk_batches.id', 'cdk_codes.batch_id');
    if (status === 'expired')
      q = q
        .where('cdk_codes.status', '=', 'active')
        .where('cdk_codes.expires_at', 'is not', null)
        .where('cdk_codes.expires_at', '<=', now);
    else if (status === 'active')
      q = q
        .where('cdk_codes.status', '=', 'active')
        .where((eb) => eb.or([eb('cdk_codes.expires_at', 'is', null), eb('cdk_codes.expires_at', '>', now)]));
    else if (status) q = q.where('cdk_codes.status', '=', status);
    return q;
  }

  /** Voids one unused code of a member's batch and gives its buyer the unused redemptions back. */
  async function voidPaidCode(trx: Db, code: CodeRow, batch: BatchRow): Promise<number> {
    const unused = Number(code.uses) - Number(code.used_count);
    // Conditional on the uses read: a redemption that committed meanwhile makes this a lost race.
    const moved = await statusUpdate(trx, cdkCodeMachine, 'active', 'voided')
      .where('id', '=', code.id)
      .where('used_count', '=', Number(code.used_count))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw businessError('CDK_NOT_VOIDABLE');
    const refund = Number(batch.unit_paid) * unused;
    if (refund > 0 && batch.creator_user_id !== null)
      await creditBalance(trx, {
        userId: batch.creator_user_id,
        amount: refund,
        type: 'cdk_refund',
        refType: 'cdk',
        refId: code.short,
        memo: `作废兑换码退款：${code.hint.slice(0, 4)}…${code.hint.slice(4)}，未使用 ${unused} 次`,
      });
    return refund;
  }

  function freshView(prefix: string, c: NewCode): CdkFresh {
    return { id: c.id, code: groupCode(c.code), link: shortLink(prefix, c.short, c.code) };
  }

  return {
    // ——— Staff ———

    /** Generates a batch; its codes come back once, as a CSV file, and are never readable again. */
    async generate(ctx: ActorContext, input: CdkGenerateInput): Promise<CdkGenerated> {
      const now = Date.now();
      checkExpiry(input.expiresAt, now);
      const goods =
        input.kind === 'goods'
          ? await goodsAt(ctx.site, input.goodsId!).then((g) => (checkQuantity(g, input.quantity), g))
          : null;
      const result = await db.transaction().execute(async (trx) => {
        const row: NewBatch = {
          site_id: ctx.site.id,
          name: input.name,
          kind: input.kind,
          goods_id: goods?.id ?? null,
          goods_name: goods?.name ?? '',
          quantity: input.kind === 'goods' ? input.quantity : 1,
          amount: goods ? goods.price * input.quantity : input.amount!,
          unit_paid: 0,
          shares: null,
          count: input.count,
          uses: input.uses,
          expires_at: input.expiresAt ?? null,
          status: 'active',
          creator_user_id: null,
          creator_staff: `管理员 ${ctx.actor.name}`.slice(0, 80),
          for_site: 0,
          created_at: now,
          voided_at: null,
        };
        const id = await insertBatch(trx, row);
        const codes = await insertCodes(trx, { ...row, id }, input.count, hash, null, now);
        await writeAudit(ctx, trx, { id, after: { ...input, codes: codes.length } });
        return { batch: { ...row, id }, codes };
      });
      const prefix = await sitePathPrefix(db, ctx.site.id);
      const lines = result.codes.map((c) => [
        csvCell(groupCode(c.code)),
        csvCell(c.short),
        csvCell(shortLink(prefix, c.short, c.code)),
      ]);
      return {
        batch: await batchView(result.batch, now),
        file: {
          filename: `兑换码-${result.batch.id}-${input.name}.csv`,
          count: lines.length,
          truncated: false,
          content: csvDocument(['兑换码', '短链编号', '兑换链接（站点地址 + 此路径）'], lines),
        },
      };
    },

    async batches(input: z.output<typeof cdkBatchListInput>): Promise<Paged<CdkBatchView>> {
      let q = db.selectFrom('cdk_batches').selectAll().orderBy('id', 'desc');
      if (input.kind) q = q.where('kind', '=', input.kind);
      if (input.keyword) {
        const like = `%${input.keyword}%`;
        q = q.where((eb) => eb.or([eb('name', 'like', like), eb('goods_name', 'like', like)]));
      }
      const page = await fetchPage(q, input);
      return { ...page, list: await batchViews(page.list) };
    },

    async codes(input: z.output<typeof cdkCodeListInput>): Promise<Paged<CdkCodeView>> {
      const now = Date.now();
      let q = codesWhere(input.status, now)
        .select([
          'cdk_codes.id',
          'cdk_codes.batch_id',
          'cdk_batches.name as batch_name',
          'cdk_codes.short',
          'cdk_codes.hint',
          'cdk_codes.kind',
          'cdk_codes.status',
          'cdk_codes.uses',
          'cdk_codes.used_count',
          'cdk_codes.expires_at',
          'cdk_codes.last_used_at',
        ])
        .orderBy('cdk_codes.id', 'desc');
      if (input.batchId) q = q.where('cdk_codes.batch_id', '=', input.batchId);
      if (input.keyword) q = q.where('cdk_codes.short', 'like', `${input.keyword.toUpperCase()}%`);
      const page = await fetchPage(q, input);
      const last = page.list.length
        ? await db
            .selectFrom('cdk_redemptions')
            .select(['code_id', 'user_id', 'id'])
            .where(
              'code_id',
              'in',
              page.list.map((c) => c.id),
            )
            .orderBy('id', 'desc')
            .execute()
        : [];
      const lastBy = new Map<number, number | null>();
      for (const r of last) if (!lastBy.has(Number(r.code_id))) lastBy.set(Number(r.code_id), r.user_id);
      const members = await memberLabels(db, [...lastBy.values()]);
      return mapPage(page, (c) => {
        const status = statusOf(c, now);
        const who = lastBy.get(c.id);
        return {
          id: c.id,
          batchId: Number(c.batch_id),
          batchName: c.batch_name,
          short: c.short,
          masked: maskedHint(c.hint),
          kind: c.kind,
          status,
          statusText: CdkStatusLabels[status],
          uses: Number(c.uses),
          used: Number(c.used_count),
          expiresAt: time(c.expires_at),
          lastUsedAt: time(c.last_used_at),
          lastRedeemer: who === undefined ? '' : memberText(who === null ? null : members.get(who)),
        };
      });
    },

    /** Voids a batch: its unused codes stop redeeming (members' unused ones are paid back). */
    async voidBatch(ctx: ActorContext, id: number): Promise<CdkBatchView> {
      const batch = await db.selectFrom('cdk_batches').selectAll().where('id', '=', id).executeTakeFirst();
      if (!batch) throw businessError('CDK_BATCH_NOT_FOUND');
      if (batch.status === 'voided') throw businessError('CDK_BATCH_VOIDED');
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        if (!(await moveStatus(trx, cdkBatchMachine, id, 'active', 'voided', { voided_at: now })))
          throw businessError('CDK_BATCH_VOIDED');
        if (batch.unit_paid > 0) {
          const open = await trx
            .selectFrom('cdk_codes')
            .selectAll()
            .where('batch_id', '=', id)
            .where('status', '=', 'active')
            .execute();
          for (const code of open) await voidPaidCode(trx, code, batch);
        } else {
          await statusUpdate(trx, cdkCodeMachine, 'active', 'voided').where('batch_id', '=', id).execute();
        }
        await writeAudit(ctx, trx, { id, before: { status: 'active' }, after: { status: 'voided' } });
      });
      return batchView({ ...batch, status: 'voided', voided_at: now });
    },

    /** Voids one unused code (a member's: its unused redemptions are paid back). */
    async voidCode(ctx: ActorContext, id: number): Promise<void> {
      const code = await db.selectFrom('cdk_codes').selectAll().where('id', '=', id).executeTakeFirst();
      if (!code) throw businessError('CDK_RECORD_NOT_FOUND');
      if (code.status !== 'active') throw businessError('CDK_NOT_VOIDABLE');
      const batch = await db
        .selectFrom('cdk_batches')
        .selectAll()
        .where('id', '=', code.batch_id)
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        await voidPaidCode(trx, code, batch);
        await writeAudit(ctx, trx, { id, before: { status: 'active' }, after: { status: 'voided' } });
      });
    },

    /** The status of a batch's codes as CSV (short ids and uses; the codes themselves are not kept). */
    async exportBatch(id: number) {
      const batch = await db.selectFrom('cdk_batches').selectAll().where('id', '=', id).executeTakeFirst();
      if (!batch) throw businessError('CDK_BATCH_NOT_FOUND');
      const now = Date.now();
      const rows = await db
        .selectFrom('cdk_codes')
        .select(['short', 'hint', 'status', 'expires_at', 'uses', 'used_count', 'last_used_at'])
        .where('batch_id', '=', id)
        .orderBy('id')
        .execute();
      const lines = rows.map((c) => [
        csvCell(c.short),
        csvCell(maskedHint(c.hint)),
        csvCell(CdkStatusLabels[statusOf(c, now)]),
        csvCell(`${c.used_count}/${c.uses}`),
        csvCell(time(c.expires_at) || '永久有效'),
        csvCell(time(c.last_used_at)),
      ]);
      return {
        filename: `兑换码状态-${id}-${batch.name}.csv`,
        count: lines.length,
        truncated: false,
        content: csvDocument(
          ['短链编号', '兑换码（部分）', '状态', '已兑换/可兑换', '有效期至', '最近兑换时间'],
          lines,
        ),
      };
    },

    // ——— Members and site owners ———

    /** Gift codes paid from my balance, or (forSite) codes for my sub-site at its cost. */
    async createMine(ctx: ActorContext, input: MyCdkCreateInput): Promise<MyCdkCreated> {
      const userId = ctx.actor.id;
      const now = Date.now();
      checkExpiry(input.expiresAt, now);
      let site = ctx.site;
      if (input.forSite) {
        const owned = await ownedSite(db, userId);
        const ref = owned ? await ports.siteById(owned.id) : null;
        if (!ref) throw businessError('NOT_SITE_OWNER');
        site = ref;
      }
      const terms =
        input.kind === 'balance'
          ? null
          : input.forSite
            ? await siteTerms(site, input.goodsId!, input.quantity)
            : await giftTerms(site, userId, input.goodsId!, input.quantity);
      const unitPaid = terms ? terms.unitPaid : input.amount!;
      const total = unitPaid * input.uses * input.count;
      if (!Number.isSafeInteger(total)) throw businessError('CDK_TOO_MANY');
      await requireSalePassword(db, callerOf(ctx), input.salePwd, 'balancePay');
      const row: NewBatch = {
        site_id: site.id,
        name: input.forSite ? '分站兑换码' : '礼品兑换码',
        kind: input.kind,
        goods_id: terms?.goods.id ?? null,
        goods_name: terms?.goods.name ?? '',
        quantity: terms ? input.quantity : 1,
        amount: unitPaid,
        unit_paid: unitPaid,
        shares: terms?.shares.length ? JSON.stringify(terms.shares) : null,
        count: input.count,
        uses: input.uses,
        expires_at: input.expiresAt ?? null,
        status: 'active',
        creator_user_id: userId,
        creator_staff: '',
        for_site: input.forSite ? 1 : 0,
        created_at: now,
        voided_at: null,
      };
      const { codes, balance } = await db.transaction().execute(async (trx) => {
        const id = await insertBatch(trx, row);
        const codes = await insertCodes(trx, { ...row, id }, input.count, hash, box, now);
        const balance =
          total > 0
            ? await debitBalance(trx, {
                userId,
                amount: total,
                type: 'cdk_buy',
                refType: 'cdk_batch',
                refId: id,
                memo: `购买兑换码 ${input.count} 个：${terms ? `${terms.goods.name} × ${input.quantity}` : `余额 ${fenToYuan(unitPaid)} 元`}`,
              })
            : 0;
        return { codes, balance };
      });
      const prefix = await sitePathPrefix(db, site.id);
      return { codes: codes.map((c) => freshView(prefix, c)), paid: total, balance };
    },

    async listMine(ctx: ActorContext, input: z.output<typeof myCdkListInput>): Promise<Paged<MyCdkRow>> {
      const now = Date.now();
      const q = codesWhere(input.status, now)
        .select([
          'cdk_codes.id',
          'cdk_codes.short',
          'cdk_codes.hint',
          'cdk_codes.kind',
          'cdk_codes.status',
          'cdk_codes.uses',
          'cdk_codes.used_count',
          'cdk_codes.expires_at',
          'cdk_codes.created_at',
          'cdk_codes.site_id',
          'cdk_batches.goods_name',
          'cdk_batches.quantity',
          'cdk_batches.amount',
          'cdk_batches.unit_paid',
          'cdk_batches.for_site',
        ])
        .where('cdk_codes.creator_user_id', '=', ctx.actor.id)
        .orderBy('cdk_codes.id', 'desc');
      const page = await fetchPage(q, input);
      const titles = new Map<number, string>();
      for (const siteId of new Set(page.list.map((c) => Number(c.site_id))))
        titles.set(siteId, await siteTitleOf(db, siteId));
      return mapPage(page, (c) => {
        const status = statusOf(c, now);
        const kind: CdkKind = c.kind;
        return {
          id: c.id,
          short: c.short,
          masked: maskedHint(c.hint),
          kind,
          kindText: CdkKindLabels[kind],
          goodsName: c.goods_name,
          quantity: Number(c.quantity),
          amount: Number(c.amount),
          uses: Number(c.uses),
          used: Number(c.used_count),
          paid: Number(c.unit_paid) * Number(c.uses),
          status,
          statusText: CdkStatusLabels[status],
          forSite: c.for_site === 1,
          siteTitle: titles.get(Number(c.site_id)) ?? '',
          expiresAt: time(c.expires_at),
          createdAt: time(c.created_at),
          canVoid: c.status === 'active',
        };
      });
    },

    /** My code again (to copy it): opened from its sealed copy, for its creator only. */
    async revealMine(ctx: ActorContext, id: number): Promise<CdkFresh> {
      const code = await db
        .selectFrom('cdk_codes')
        .select(['id', 'short', 'code_sealed', 'site_id', 'creator_user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!code || code.creator_user_id !== ctx.actor.id) throw businessError('CDK_RECORD_NOT_FOUND');
      if (!code.code_sealed) throw businessError('CDK_NO_CODE_KEPT');
      const plain = box.open(code.code_sealed);
      return freshView(await sitePathPrefix(db, Number(code.site_id)), { id: code.id, short: code.short, code: plain });
    },

    /** Voids my unused code: what its unused redemptions cost goes back to my balance. */
    async voidMine(ctx: ActorContext, id: number): Promise<MyCdkVoided> {
      const code = await db.selectFrom('cdk_codes').selectAll().where('id', '=', id).executeTakeFirst();
      if (!code || code.creator_user_id !== ctx.actor.id) throw businessError('CDK_RECORD_NOT_FOUND');
      if (code.status !== 'active') throw businessError('CDK_NOT_VOIDABLE');
      const batch = await db
        .selectFrom('cdk_batches')
        .selectAll()
        .where('id', '=', code.batch_id)
        .executeTakeFirstOrThrow();
      const refunded = await db.transaction().execute((trx) => voidPaidCode(trx, code, batch));
      return { refunded, balance: await balanceOf(db, ctx.actor.id) };
    },
  };
}
export type CdkService = ReturnType<typeof cdkService>;
