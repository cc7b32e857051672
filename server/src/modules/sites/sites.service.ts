import type { SiteInfo } from '@kapu/contract';
import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';

export const PLATFORM_SITE_ID = 1;

/** A site's title for messages sent on its behalf (mails); the product name when it has none. */
export async function siteTitleOf(db: Db, siteId: number): Promise<string> {
  const site = await db.selectFrom('sites').select('title').where('id', '=', siteId).executeTakeFirst();
  return site?.title || '卡铺';
}

/**
 * Sites: the platform is site 1; reseller sub-sites, when they come, resolve by domain or path.
 * The platform row is cached, it is read on every request.
 */
export function sitesService(db: Db) {
  let platform: { id: number; title: string; subtitle: string } | undefined;

  async function loadPlatform() {
    platform = await db
      .selectFrom('sites')
      .select(['id', 'title', 'subtitle'])
      .where('id', '=', PLATFORM_SITE_ID)
      .executeTakeFirstOrThrow();
  }

  return {
    loadPlatform,
    platformRef(): SiteRef {
      if (!platform) throw new Error('platform site not loaded');
      return { id: platform.id, title: platform.title };
    },
    info(site: SiteRef): SiteInfo {
      return { title: site.title, subtitle: platform?.subtitle ?? '', logo: '', notice: '' };
    },
  };
}
export type SitesService = ReturnType<typeof sitesService>;
