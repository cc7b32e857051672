import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface VerificationCodesTable {
  id: Id;
  purpose: string;
  channel: 'email' | 'sms';
  target: string;
  user_id: number | null;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  ip: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The tables the verification module owns; other modules reach them only through its index.ts. */
export interface VerificationTables {
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
}
