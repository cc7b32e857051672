import type { Generated } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface CertificationsTable {
  id: Id;
  user_id: number;
  provider: string;
  real_name: string;
  id_no_enc: string;
  id_no_masked: string;
  outer_id: string | null;
  status: 'pending' | 'reviewing' | 'passed' | 'failed';
  reason: string;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
  /** 0006: HMAC of the ID number; verified_key = the same while passed (unique), else NULL. */
  id_no_hash: Generated<string>;
  verified_key: string | null;
  /** 0006: JSON array of `/uploads/…` photo paths. */
  images: Generated<string>;
}

/** The tables the certify module owns; other modules reach them only through its index.ts. */
export interface CertifyTables {
  certifications: CertificationsTable;
}
