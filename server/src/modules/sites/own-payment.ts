import type { Db } from '../../core/db/connect.js';
import { PLATFORM_SITE_ID } from './sites.service.js';

/** A sub-site as its own payment channels need it (decision 0010). */
export interface SitePayee {
  siteId: number;
  title: string;
  ownerId: number;
  /** The site's version includes own payment channels (版本功能「自有收款」). */
  allowed: boolean;
  status: 'active' | 'closed' | 'suspended' | 'expired';
}

function payeeQuery(db: Db) {
  return db
    .selectFrom('sites')
    .leftJoin('site_versions', 'site_versions.id', 'sites.version_id')
    .select(['sites.id', 'sites.title', 'sites.owner_user_id', 'sites.status', 'site_versions.own_payment'])
    .where('sites.id', '!=', PLATFORM_SITE_ID)
    .where('sites.owner_user_id', 'is not', null);
}

function toPayee(row: {
  id: number;
  title: string;
  owner_user_id: number | null;
  status: SitePayee['status'];
  own_payment: number | null;
}): SitePayee {
  return {
    siteId: Number(row.id),
    title: row.title,
    ownerId: Number(row.owner_user_id),
    allowed: Number(row.own_payment ?? 0) === 1,
    status: row.status,
  };
}

/** The owner and own-payment right of a sub-site; undefined for the platform or a site without an owner. */
export async function sitePayeeOf(db: Db, siteId: number): Promise<SitePayee | undefined> {
  if (siteId === PLATFORM_SITE_ID) return undefined;
  const row = await payeeQuery(db).where('sites.id', '=', siteId).executeTakeFirst();
  return row ? toPayee(row) : undefined;
}

/** The sub-site a member owns, as its own payment channels need it; undefined when they own none. */
export async function payeeSiteOfMember(db: Db, userId: number): Promise<SitePayee | undefined> {
  const row = await payeeQuery(db).where('sites.owner_user_id', '=', userId).orderBy('sites.id').executeTakeFirst();
  return row ? toPayee(row) : undefined;
}
