import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

/** A question to the service desk (咨询) from a member or a visitor (decision 0011). */
export interface ConsultationsTable {
  id: Id;
  site_id: number;
  /** null: a visitor (who reads it through the token link). */
  user_id: number | null;
  /** sha256 of a visitor's link token; null for members. */
  token_hash: string | null;
  order_no: ColumnType<string, string | undefined, string>;
  /** A visitor's contact so staff can reach them ('' for members). */
  contact: ColumnType<string, string | undefined, string>;
  status: 'waiting' | 'answered' | 'closed';
  assignee_id: number | null;
  created_at: number;
  updated_at: number;
  last_message_at: number;
}

export interface ConsultationMessagesTable {
  id: Id;
  consultation_id: number;
  author_role: 'asker' | 'staff';
  author_id: number | null;
  body: string;
  created_at: number;
}

/** Pre-written answers (常用回复) staff insert at the desk. */
export interface ServiceRepliesTable {
  id: Id;
  title: string;
  body: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** The tables the service module owns; other modules reach them only through its index.ts. */
export interface ServiceTables {
  consultations: ConsultationsTable;
  consultation_messages: ConsultationMessagesTable;
  service_replies: ServiceRepliesTable;
}
