import type { ColumnType } from 'kysely';
import type { Id } from './column-types.js';

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
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

/** The outbox: one row per domain event (core/events.ts). */
export interface DomainEventsTable {
  id: Id;
  type: string;
  /** JSON. */
  payload: string;
  created_at: number;
  /** When an instance fanned it out to its consumers' delivery jobs; null: not yet. */
  dispatched_at: number | null;
}

/** What each consumer has taken, written in the consumer's own transaction (effectively once). */
export interface EventConsumptionsTable {
  consumer: string;
  event_id: number;
  consumed_at: number;
}

/** Tables of the infrastructure no domain owns: settings, jobs, uploads and the domain-event outbox. */
export interface CoreTables {
  settings: SettingsTable;
  uploads: UploadsTable;
  jobs: JobsTable;
  domain_events: DomainEventsTable;
  event_consumptions: EventConsumptionsTable;
}
