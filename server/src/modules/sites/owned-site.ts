import type { Db } from '../../core/db/connect.js';
import type { SitesTable } from './tables.js';
import { PLATFORM_SITE_ID } from './sites.service.js';

/** A member's own sub-site, with what its version allows that callers need to know. */
export interface OwnedSite {
  id: number;
  path: string | null;
  title: string;
  status: SitesTable['status'];
  versionId: number | null;
  /** The site's version includes decoration (装修); false without a version. */
  decorationAllowed: boolean;
}

/** The sub-site the member owns (one per member), or undefined. The platform is nobody's. */
export async function ownedSite(db: Db, userId: number): Promise<OwnedSite | undefined> {
  const row = await db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select([
      'sites.id',
      'sites.path',
      'sites.title',
      'sites.status',
      'sites.version_id',
      'site_versions.decoration as decoration',
    ])
    .where('sites.owner_user_id', '=', userId)
    .where('sites.id', '!=', PLATFORM_SITE_ID)
    .orderBy('sites.id')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    status: row.status,
    versionId: row.version_id,
    decorationAllowed: row.decoration === 1,
  };
}
