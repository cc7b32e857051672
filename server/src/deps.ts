import type { FastifyBaseLogger } from 'fastify';
import type { CacheSync } from './core/cache-sync.js';
import type { Config } from './core/config.js';
import type { Db, Dialect } from './core/db/connect.js';
import type { EventBus } from './core/events.js';
import type { OrderHolds } from './core/holds.js';
import type { JobRunner } from './core/jobs.js';
import type { SettingsStore } from './core/settings.js';

/** What every module's service is built from; one object, made once in app.ts. */
export interface Deps {
  db: Db;
  dialect: Dialect;
  config: Config;
  settings: SettingsStore;
  /** Per-process caches register here; a change on one instance reloads them on all. */
  caches: CacheSync;
  jobs: JobRunner;
  /** Domain events: modules publish with publishEvent and consume with events.on. */
  events: EventBus;
  /** Orders whose money stays frozen (open complaints): release jobs compose it into their updates. */
  holds: OrderHolds;
  log: FastifyBaseLogger;
}
