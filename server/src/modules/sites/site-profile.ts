import {
  SITE_PATH_REGEX,
  SiteStatusLabels,
  type CodeName,
  type SiteContacts,
  type SitePathCheck,
  type SiteProfileView,
  type siteProfileInput,
  type z,
} from '@kapu/contract';
import { Codes } from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import type { Deps } from '../../deps.js';
import { requireOwnedSite, siteAddresses, uniqueViolation, type SiteRow } from './my-site.js';
import { siteMachine } from './site-machine.js';

/** True for a first path segment the app serves (its routes, the web app's sections and files) or the admin path. */
export type ReservedPath = (segment: string) => boolean;

/**
 * Why a path cannot be a site's: not of the form, a segment the app serves, or another site's.
 * Null when it is free (or is already `ownSiteId`'s).
 */
export async function pathProblem(
  db: Db,
  path: string,
  reserved: ReservedPath,
  ownSiteId?: number,
): Promise<CodeName | null> {
  const p = path.trim().toLowerCase();
  if (!SITE_PATH_REGEX.test(p)) return 'SITE_PATH_INVALID';
  if (reserved(p)) return 'SITE_PATH_RESERVED';
  const taken = await db.selectFrom('sites').select('id').where('path', '=', p).executeTakeFirst();
  if (taken && taken.id !== ownSiteId) return 'SITE_PATH_TAKEN';
  return null;
}

function contactsOf(text: string | null): SiteContacts {
  const empty: SiteContacts = { qq: '', wechat: '', phone: '', email: '', text: '' };
  if (!text) return empty;
  try {
    const stored = JSON.parse(text) as Partial<SiteContacts>;
    const pick = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      qq: pick(stored.qq),
      wechat: pick(stored.wechat),
      phone: pick(stored.phone),
      email: pick(stored.email),
      text: pick(stored.text),
    };
  } catch {
    return empty;
  }
}

/** The owner's site settings (vipWebSite) and its path (pagePath); each call acts on the caller's own site. */
export function siteProfile(deps: Deps, reserved: ReservedPath) {
  const { db } = deps;

  async function view(site: SiteRow): Promise<SiteProfileView> {
    return {
      title: site.title,
      subtitle: site.subtitle,
      logo: site.logo ?? '',
      keywords: site.keywords ?? '',
      description: site.description ?? '',
      contacts: contactsOf(site.contacts),
      status: site.status,
      statusText: SiteStatusLabels[site.status],
      closedReason: site.closed_reason ?? '',
      addresses: await siteAddresses(db, site),
    };
  }

  /** An owner may change their site unless staff suspended it. */
  async function editable(ctx: ActorContext): Promise<SiteRow> {
    const site = await requireOwnedSite(db, ctx.actor.id);
    if (site.status === 'suspended') throw businessError('SITE_SUSPENDED_BY_ADMIN');
    return site;
  }

  return {
    async profile(ctx: ActorContext): Promise<SiteProfileView> {
      return view(await requireOwnedSite(db, ctx.actor.id));
    },

    async saveProfile(ctx: ActorContext, input: z.output<typeof siteProfileInput>): Promise<SiteProfileView> {
      const site = await editable(ctx);
      const { qq, wechat, phone, email, text } = input;
      const values = {
        title: input.title,
        subtitle: input.subtitle,
        logo: input.logo || null,
        keywords: input.keywords,
        description: input.description,
        contacts: JSON.stringify({ qq, wechat, phone, email, text }),
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sites')
          .set({ ...values, updated_at: Date.now() })
          .where('id', '=', site.id)
          .execute();
        const before = {
          title: site.title,
          subtitle: site.subtitle,
          logo: site.logo,
          keywords: site.keywords,
          description: site.description,
          contacts: site.contacts,
        };
        await writeAudit(ctx, trx, { siteId: site.id, target: `sites:${site.id}`, before, after: values });
      });
      await deps.caches.changed('site');
      return view(await requireOwnedSite(db, ctx.actor.id));
    },

    /** The owner opens or closes the storefront; an expired site opens again only by renewing. */
    async setOpen(ctx: ActorContext, open: boolean, reason: string | undefined): Promise<SiteProfileView> {
      const site = await editable(ctx);
      if (site.status === 'expired') throw businessError('SITE_EXPIRED_RENEW');
      const [from, to] = open ? (['closed', 'active'] as const) : (['active', 'closed'] as const);
      if (site.status === from) {
        await db.transaction().execute(async (trx) => {
          const moved = await moveStatus(trx, siteMachine, site.id, from, to, {
            closed_reason: open ? null : (reason ?? ''),
            updated_at: Date.now(),
          });
          if (!moved) throw businessError('CONFLICT');
          await writeAudit(ctx, trx, {
            siteId: site.id,
            target: `sites:${site.id}`,
            before: { status: from },
            after: { status: to, reason: open ? null : (reason ?? '') },
          });
        });
        await deps.caches.changed('site');
      }
      return view(await requireOwnedSite(db, ctx.actor.id));
    },

    async checkPath(ctx: ActorContext, path: string): Promise<SitePathCheck> {
      const own = await db
        .selectFrom('sites')
        .select('id')
        .where('owner_user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      const problem = await pathProblem(db, path, reserved, own?.id);
      return { available: problem === null, reason: problem ? Codes[problem].msg : '' };
    },

    async savePath(ctx: ActorContext, path: string): Promise<{ path: string }> {
      const site = await editable(ctx);
      const problem = await pathProblem(db, path, reserved, site.id);
      if (problem) throw businessError(problem);
      try {
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('sites').set({ path, updated_at: Date.now() }).where('id', '=', site.id).execute();
          await writeAudit(ctx, trx, {
            siteId: site.id,
            target: `sites:${site.id}`,
            before: { path: site.path },
            after: { path },
          });
        });
      } catch (err) {
        if (uniqueViolation(err)) throw businessError('SITE_PATH_TAKEN');
        throw err;
      }
      await deps.caches.changed('site');
      return { path };
    },
  };
}
export type SiteProfile = ReturnType<typeof siteProfile>;
