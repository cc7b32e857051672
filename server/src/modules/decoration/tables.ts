import type { Id } from '../../core/db/column-types.js';

/** A site's layout being edited (one per site); `revision` rises with every save (stale editors are refused). */
export interface SiteLayoutDraftsTable {
  id: Id;
  site_id: number;
  /** JSON array of blocks (contract `decorBlock`), rich text already sanitised. */
  blocks: string;
  revision: number;
  /** Who saved last, as shown to people: the member's login name or `管理员 <username>`. */
  updated_by: string;
  updated_at: number;
}

/** A published layout: numbered per site from 1, the newest is live; the last 20 are kept. */
export interface SiteLayoutVersionsTable {
  id: Id;
  site_id: number;
  number: number;
  blocks: string;
  block_count: number;
  /** The earlier number this version restored, when it was published by a revert. */
  reverted_from: number | null;
  published_by: string;
  published_at: number;
}

/** The tables the decoration module owns; other modules reach them only through its index.ts. */
export interface DecorationTables {
  site_layout_drafts: SiteLayoutDraftsTable;
  site_layout_versions: SiteLayoutVersionsTable;
}
