import type { Db } from '../../core/db/connect.js';
import type { SitesTable } from './tables.js';

/** The site a member owns, as the owner's back office needs it. */
export interface OwnedSite {
  id: number;
  path: string | null;
  title: string;
  status: SitesTable['status'];
  versionId: number | null;
  decorationAllowed: boolean;
}

/** "My site": the site whose owner is this member, with its version's features; undefined when they have none. */
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
    .orderBy('sites.id')
    .limit(1)
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
