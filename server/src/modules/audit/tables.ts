import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface AuditLogsTable {
  id: Id;
  staff_id: number;
  staff_name: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  /** 0028: the sub-site an owner's edit was on (NULL: a platform act). */
  site_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}

/** The tables the audit module owns; other modules reach them only through its index.ts. */
export interface AuditTables {
  audit_logs: AuditLogsTable;
}
