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
  created_at: number;
}

/** The tables the audit module owns; other modules reach them only through its index.ts. */
export interface AuditTables {
  audit_logs: AuditLogsTable;
}
