import type { Flag, Id } from '../../core/db/column-types.js';

/**
 * A member's additional open-API keys (decision 0014); the default key stays in accounts'
 * `open_api_keys`. The secret is sealed reversibly (the md5 signature needs it in plain).
 */
export interface OpenApiMemberKeysTable {
  id: Id;
  user_id: number;
  app_id: string;
  name: string;
  secret_enc: string;
  /** JSON OpenApiScope[]. */
  scopes: string;
  /** JSON array of allowed client IPs; empty = any. */
  ip_allowlist: string;
  enabled: Flag;
  created_at: number;
  rotated_at: number;
  /** Revoked keys keep their app id (never handed out again) and answer OPENAPI_APP_INVALID. */
  revoked_at: number | null;
  /** 1: the member opted in to API orders without the sale password (decision 0015). */
  no_sale_pwd: Flag;
}

/** One call of the API (no secrets, no bodies): what the member reads in the call log. */
export interface OpenApiCallsTable {
  id: Id;
  user_id: number;
  app_id: string;
  path: string;
  ip: string;
  code: number;
  ms: number;
  created_at: number;
}

/** Signatures seen within the replay window (unique per app id); purged after `expires_at`. */
export interface OpenApiNoncesTable {
  app_id: string;
  signature: string;
  expires_at: number;
}

/**
 * A caller's outer number and what it became (one per member, kind and number): the order of
 * `order/create` (with its callback address) or the transfer of `user/transfer`.
 */
export interface OpenApiRequestsTable {
  id: Id;
  user_id: number;
  app_id: string;
  kind: 'order' | 'transfer';
  outer_number: string;
  /** What the request asked, to tell a repeat from a different request with the same number. */
  fingerprint: string;
  /** The order number or transfer number; null while the first request is still in flight. */
  ref_no: string | null;
  notify_url: string | null;
  /** Last callback: 'ok', 'failed' or null (none yet). */
  notify_state: string | null;
  notified_at: number | null;
  created_at: number;
}

/** A key's goods-change push address (per app id; the default key's too). */
export interface OpenApiPushTargetsTable {
  app_id: string;
  user_id: number;
  url: string;
  created_at: number;
}

export interface OpenApiTables {
  openapi_keys: OpenApiMemberKeysTable;
  openapi_calls: OpenApiCallsTable;
  openapi_nonces: OpenApiNoncesTable;
  openapi_requests: OpenApiRequestsTable;
  openapi_push_targets: OpenApiPushTargetsTable;
}
