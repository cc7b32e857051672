import type { Id } from '../../core/db/column-types.js';

export interface OAuthBindingsTable {
  id: Id;
  user_id: number;
  provider: string;
  openid: string;
  nickname: string;
  created_at: number;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: string;
  purpose: 'login' | 'bind' | 'mp';
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The tables the oauth module owns; other modules reach them only through its index.ts. */
export interface OAuthTables {
  oauth_bindings: OAuthBindingsTable;
  oauth_states: OAuthStatesTable;
}
