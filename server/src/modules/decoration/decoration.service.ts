import {
  DECOR_LIMITS,
  type DecorBlock,
  type DecorEditorView,
  type DecorSaveAnswer,
  type DecorVersionView,
  type Paged,
  type SiteLayoutView,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { JsonText } from '../../core/envelope.js';
import { businessError } from '../../core/errors.js';
import { LruMap } from '../../core/lru.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { sanitizeDescription } from '../catalog/index.js';
import { ownedSite } from '../sites/index.js';

/** The CacheSync name of the storefront layouts: a publish or revert on any instance clears them on all. */
export const LAYOUT_CACHE = 'decoration';
/**
 * Sites whose published layout is kept in memory: a few KB of JSON each, but a layout may hold many
 * blocks, so the cache is bounded by bytes too.
 */
const LAYOUT_CACHE_SITES = 2_000;
const LAYOUT_CACHE_BYTES = 8 << 20;

/**
 * Whose layout a call edits, decided before the service runs: the member's own site (owner calls) or
 * the request's site (staff, admin calls). `images` says whose uploads its pictures may be.
 */
export interface DecorTarget {
  siteId: number;
  title: string;
  path: string | null;
  /** Uploads a banner may use: the member's own, or any staff upload (the platform's). */
  images: { area: 'user'; userId: number } | { area: 'admin' };
  /** Shown in the version list: who saved or published. */
  by: string;
  /** Staff calls write an audit row in the change's transaction. */
  audited: boolean;
}

/** Sanitises rich text (the one place HTML enters a layout) and names the uploads the banners use. */
function prepare(blocks: DecorBlock[]): { blocks: DecorBlock[]; images: string[] } {
  const images = new Set<string>();
  const out = blocks.map((b): DecorBlock => {
    if (b.type === 'richText') return { ...b, html: sanitizeDescription(b.html) };
    if (b.type === 'banner') for (const s of b.slides) images.add(s.image);
    return b;
  });
  return { blocks: out, images: [...images] };
}

function parseBlocks(text: string): DecorBlock[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as DecorBlock[]) : [];
  } catch {
    return [];
  }
}

/** Site decoration: one draft per site, numbered published versions (the newest is live), the storefront's read. */
export function decorationService({ db, config, caches }: Deps) {
  const time = (ms: number) => formatDateTime(ms, config.timeZone);

  // The storefront read: the serialised answer per site. A reload (publish or revert anywhere) empties it;
  // the generation keeps a read that started before the change from storing what it read.
  const layouts = new LruMap<number, JsonText<SiteLayoutView | null>>(LAYOUT_CACHE_SITES, {
    maxBytes: LAYOUT_CACHE_BYTES,
    weigh: (answer) => answer.bytes,
  });
  let generation = 0;
  caches.register(LAYOUT_CACHE, async () => {
    generation++;
    layouts.clear();
  });

  async function liveVersion(q: Db, siteId: number) {
    return q
      .selectFrom('site_layout_versions')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every banner picture must be an upload of the editor's side (no foreign files, no outside URLs). */
  async function checkImages(target: DecorTarget, images: string[]): Promise<void> {
    if (images.length === 0) return;
    let q = db
      .selectFrom('uploads')
      .select('path')
      .where(
        'path',
        'in',
        images.map((i) => i.slice('/uploads/'.length)),
      )
      .where('owner_area', '=', target.images.area);
    if (target.images.area === 'user') q = q.where('owner_id', '=', target.images.userId);
    const found = new Set((await q.execute()).map((r) => r.path));
    if (found.size !== images.length) throw businessError('DECOR_IMAGE_INVALID');
  }

  /**
   * Writes the draft when `expected` (the revision the editor loaded) is still current; answers the
   * new revision. The conditional update also serialises publishes of one site on PostgreSQL.
   */
  async function writeDraft(
    trx: Db,
    target: DecorTarget,
    blocksText: string,
    expected: number | undefined,
    now: number,
  ): Promise<number> {
    const row = await trx
      .selectFrom('site_layout_drafts')
      .select('revision')
      .where('site_id', '=', target.siteId)
      .executeTakeFirst();
    if (!row) {
      if (expected) throw businessError('CONFLICT');
      const inserted = await trx
        .insertInto('site_layout_drafts')
        .values({ site_id: target.siteId, blocks: blocksText, revision: 1, updated_by: target.by, updated_at: now })
        .onConflict((oc) => oc.column('site_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw businessError('CONFLICT');
      return 1;
    }
    if (expected !== undefined && expected !== row.revision) throw businessError('CONFLICT');
    const updated = await trx
      .updateTable('site_layout_drafts')
      .set({ blocks: blocksText, revision: row.revision + 1, updated_by: target.by, updated_at: now })
      .where('site_id', '=', target.siteId)
      .where('revision', '=', row.revision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw businessError('CONFLICT');
    return row.revision + 1;
  }

  /** Makes `blocksText` the newest version and forgets the ones past the kept count. */
  async function publishVersion(
    trx: Db,
    target: DecorTarget,
    blocksText: string,
    blockCount: number,
    revertedFrom: number | null,
    now: number,
  ): Promise<number> {
    const last = await liveVersion(trx, target.siteId);
    const number = (last?.number ?? 0) + 1;
    await trx
      .insertInto('site_layout_versions')
      .values({
        site_id: target.siteId,
        number,
        blocks: blocksText,
        block_count: blockCount,
        reverted_from: revertedFrom,
        published_by: target.by,
        published_at: now,
      })
      .execute();
    await trx
      .deleteFrom('site_layout_versions')
      .where('site_id', '=', target.siteId)
      .where('number', '<=', number - DECOR_LIMITS.versionsKept)
      .execute();
    return number;
  }

  return {
    /**
     * The member's own site as a decoration target, or the refusal: no site, another site's path in
     * the page address, a version without decoration, a suspended or expired site.
     */
    async ownerTarget(ctx: ActorContext, path: string | undefined): Promise<DecorTarget> {
      const site = await ownedSite(db, ctx.actor.id);
      if (!site) throw businessError(path === undefined ? 'DECOR_NO_SITE' : 'DECOR_NOT_OWNER');
      if (path !== undefined && path.toLowerCase() !== (site.path ?? '').toLowerCase())
        throw businessError('DECOR_NOT_OWNER');
      if (!site.decorationAllowed) throw businessError('DECOR_NOT_IN_VERSION');
      if (site.status === 'suspended' || site.status === 'expired') throw businessError('DECOR_SITE_UNAVAILABLE');
      return {
        siteId: site.id,
        title: site.title,
        path: site.path,
        images: { area: 'user', userId: ctx.actor.id },
        by: ctx.actor.name,
        audited: false,
      };
    },

    /** The request's site (the platform today) decorated by staff. */
    staffTarget(ctx: ActorContext): DecorTarget {
      return {
        siteId: ctx.site.id,
        title: ctx.site.title,
        path: null,
        images: { area: 'admin' },
        by: `管理员 ${ctx.actor.name}`,
        audited: true,
      };
    },

    async editor(target: DecorTarget): Promise<DecorEditorView> {
      const [draft, live] = await Promise.all([
        db.selectFrom('site_layout_drafts').selectAll().where('site_id', '=', target.siteId).executeTakeFirst(),
        liveVersion(db, target.siteId),
      ]);
      const draftText = draft?.blocks ?? live?.blocks ?? '[]';
      return {
        site: { id: target.siteId, title: target.title, path: target.path },
        draft: {
          blocks: parseBlocks(draftText),
          revision: draft?.revision ?? 0,
          updatedAt: draft ? time(draft.updated_at) : null,
          updatedBy: draft?.updated_by ?? '',
        },
        live: live
          ? { number: live.number, publishedAt: time(live.published_at), publishedBy: live.published_by }
          : null,
        unpublished: live ? draftText !== live.blocks : parseBlocks(draftText).length > 0,
      };
    },

    /** Saves the draft (rich text sanitised, pictures checked); publishing also makes it the live version. */
    async save(
      ctx: ActorContext,
      target: DecorTarget,
      input: { blocks: DecorBlock[]; revision?: number },
      publish: boolean,
    ): Promise<DecorSaveAnswer> {
      const { blocks, images } = prepare(input.blocks);
      await checkImages(target, images);
      const text = JSON.stringify(blocks);
      const now = Date.now();
      const answer = await db.transaction().execute(async (trx) => {
        const before = target.audited ? await liveVersion(trx, target.siteId) : undefined;
        const revision = await writeDraft(trx, target, text, input.revision, now);
        const number = publish ? await publishVersion(trx, target, text, blocks.length, null, now) : null;
        if (target.audited)
          await writeAudit(ctx, trx, {
            target: `site:${target.siteId}`,
            before: publish ? { number: before?.number ?? null } : null,
            after: { revision, number, blocks: blocks.map((b) => b.type) },
          });
        return { revision, number };
      });
      if (publish) await caches.changed(LAYOUT_CACHE);
      return answer;
    },

    async versions(target: DecorTarget, page: { page: number; pageSize: number }): Promise<Paged<DecorVersionView>> {
      const live = await liveVersion(db, target.siteId);
      const rows = await fetchPage(
        db
          .selectFrom('site_layout_versions')
          .select(['number', 'block_count', 'published_at', 'published_by', 'reverted_from'])
          .where('site_id', '=', target.siteId)
          .orderBy('number', 'desc'),
        page,
      );
      return mapPage(rows, (r): DecorVersionView => ({
        number: r.number,
        blockCount: r.block_count,
        publishedAt: time(r.published_at),
        publishedBy: r.published_by,
        revertedFrom: r.reverted_from,
        live: r.number === live?.number,
      }));
    },

    /**
     * An earlier version back: loaded into the draft, and (by default) published again as the newest
     * version, so the history only grows and the live one is always the newest.
     */
    async revert(ctx: ActorContext, target: DecorTarget, number: number, publish: boolean): Promise<DecorSaveAnswer> {
      const now = Date.now();
      const answer = await db.transaction().execute(async (trx) => {
        const version = await trx
          .selectFrom('site_layout_versions')
          .select(['blocks', 'block_count'])
          .where('site_id', '=', target.siteId)
          .where('number', '=', number)
          .executeTakeFirst();
        if (!version) throw businessError('DECOR_VERSION_NOT_FOUND');
        const before = target.audited ? await liveVersion(trx, target.siteId) : undefined;
        const revision = await writeDraft(trx, target, version.blocks, undefined, now);
        const made = publish
          ? await publishVersion(trx, target, version.blocks, version.block_count, number, now)
          : null;
        if (target.audited)
          await writeAudit(ctx, trx, {
            target: `site:${target.siteId}`,
            before: { number: before?.number ?? null },
            after: { revertedFrom: number, number: made, revision },
          });
        return { revision, number: made };
      });
      if (publish) await caches.changed(LAYOUT_CACHE);
      return answer;
    },

    /** The storefront's read of a site's live layout (null: none, the default home shows). Cached per site. */
    async siteLayout(siteId: number): Promise<JsonText<SiteLayoutView | null>> {
      const cached = layouts.get(siteId);
      if (cached) return cached;
      const started = generation;
      const live = await liveVersion(db, siteId);
      const view: SiteLayoutView | null = live
        ? { number: live.number, publishedAt: time(live.published_at), blocks: parseBlocks(live.blocks) }
        : null;
      const answer = new JsonText<SiteLayoutView | null>(JSON.stringify(view));
      if (generation === started) layouts.set(siteId, answer);
      return answer;
    },
  };
}
export type DecorationService = ReturnType<typeof decorationService>;
