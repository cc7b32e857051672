import type { Id } from '../../core/db/column-types.js';

/** Site 1 is the platform; reseller sub-sites (planned, not built yet) will be rows with an owner and a parent. */
export interface SitesTable {
  id: Id;
  parent_id: number | null;
  owner_user_id: number | null;
  title: string;
  subtitle: string;
  path: string | null;
  domain: string | null;
  status: string;
  created_at: number;
}

/** The tables the sites module owns; other modules reach them only through its index.ts. */
export interface SitesTables {
  sites: SitesTable;
}
