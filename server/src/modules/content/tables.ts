import type { Id, Flag } from '../../core/db/column-types.js';

export interface AnnouncementsTable {
  id: Id;
  site_id: number;
  title: string;
  content_html: string;
  pinned: Flag;
  popup: Flag;
  status: 'published' | 'draft';
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** The tables the content module owns; other modules reach them only through its index.ts. */
export interface ContentTables {
  announcements: AnnouncementsTable;
}
