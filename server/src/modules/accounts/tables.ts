import type { ColumnType } from 'kysely';
import type { Id, Flag } from '../../core/db/column-types.js';

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
  /** 0003: doUpdateLoginName once per 30 days; shop price display; sale-password ops (JSON). */
  login_name_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
  shop_price_mode: ColumnType<string | null, string | null | undefined, string | null>;
  sale_pwd_ops: ColumnType<string | null, string | null | undefined, string | null>;
  /** WeChat official-account openid for notifications, and which notices (bit flags). */
  mp_openid: ColumnType<string | null, string | null | undefined, string | null>;
  mp_notify_flags: ColumnType<number | null, number | null | undefined, number | null>;
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

export interface LoginFailuresTable {
  id: Id;
  area: string;
  /** Lower-cased account as typed (login name, mobile or email) or staff username. */
  account: string;
  ip: string;
  created_at: number;
}

export interface OpenApiKeysTable {
  user_id: number;
  app_id: string;
  /** AES-256-GCM box of the secret (the md5 signature needs the plain secret). */
  secret_enc: string;
  enabled: Flag;
  /** JSON array of allowed client IPs; empty = any. */
  ip_allowlist: string;
  created_at: number;
  rotated_at: number;
  /** 1: the member opted in to API orders without the sale password (decision 0015). */
  no_sale_pwd: Flag;
}

/** The tables the accounts module owns; other modules reach them only through its index.ts. */
export interface AccountsTables {
  users: UsersTable;
  login_logs: LoginLogsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  open_api_keys: OpenApiKeysTable;
}
