import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes as the database holds them. Times are epoch milliseconds (BIGINT),
 * money is integer fen (BIGINT), booleans are 0/1 so one schema fits SQLite and PostgreSQL.
 */
type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Site 1 is the platform; reseller sub-sites (ROADMAP) are rows with an owner and a parent. */
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

export interface MemberLevelsTable {
  id: Id;
  site_id: number;
  name: string;
  sort: number;
  is_default: Flag;
  created_at: number;
}

export interface UsersTable {
  id: Id;
  user_no: string;
  site_id: number;
  login_name: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  email: string | null;
  mobile: string | null;
  qq: string;
  contact: string;
  level_id: number;
  balance: ColumnType<number, number | undefined, number>;
  frozen_balance: ColumnType<number, number | undefined, number>;
  sale_pwd_hash: string | null;
  sale_pwd_enabled: Flag;
  inviter_id: number | null;
  invite_code: string | null;
  status: string;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface LoginLogsTable {
  id: Id;
  user_id: number;
  ip: string;
  address: string;
  user_agent: string;
  created_at: number;
}

export interface SessionsTable {
  id: Id;
  area: 'user' | 'admin' | 'other';
  actor_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

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
}

export interface UploadsTable {
  id: Id;
  owner_area: string;
  owner_id: number;
  path: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: number;
}

export interface JobsTable {
  id: Id;
  name: string;
  payload: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** Optional dedupe key: one live job per key. */
  unique_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  settings: SettingsTable;
  sites: SitesTable;
  member_levels: MemberLevelsTable;
  users: UsersTable;
  login_logs: LoginLogsTable;
  sessions: SessionsTable;
  roles: RolesTable;
  staff: StaffTable;
  uploads: UploadsTable;
  jobs: JobsTable;
}
