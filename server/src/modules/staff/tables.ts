import type { ColumnType } from 'kysely';
import type { Id, Flag } from '../../core/db/column-types.js';

export interface RolesTable {
  id: Id;
  name: string;
  /** JSON array of permission codes. */
  permissions: string;
  created_at: number;
}

export interface StaffTable {
  id: Id;
  username: string;
  password_hash: string;
  nickname: string;
  role_id: number | null;
  is_super: Flag;
  status: string;
  totp_secret: string | null;
  created_at: number;
  last_login_at: number | null;
  /** 0003: a TOTP secret generated but not yet confirmed with a code. */
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The tables the staff module owns; other modules reach them only through its index.ts. */
export interface StaffTables {
  roles: RolesTable;
  staff: StaffTable;
}
