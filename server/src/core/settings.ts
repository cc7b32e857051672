import type { Db } from './db/connect.js';

/** Keys the core knows; modules add their own under their name (e.g. `mail.smtp`). */
export const SettingKeys = {
  installedAt: 'core.installed_at',
  adminPath: 'core.admin_path',
  keyDay: 'orders.lookup_key_day',
} as const;

/**
 * Key/value settings with an in-memory copy: read on every request (admin path routing),
 * written rarely. With several instances, each write is announced (core/cache-sync.ts: the app
 * sets `announce`) and every instance reloads its copy within seconds.
 */
export class SettingsStore {
  private values = new Map<string, string>();
  /** Counts writes made here, so a load that overlapped one reads again (it may predate it). */
  private writes = 0;
  /** Tells the other instances after a write; given the db (or transaction) written in. */
  announce: ((db: Db) => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    for (;;) {
      const writes = this.writes;
      const rows = await this.db.selectFrom('settings').select(['key', 'value']).execute();
      if (writes !== this.writes) continue;
      this.values = new Map(rows.map((r) => [r.key, r.value]));
      return;
    }
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  async set(key: string, value: string, db: Db = this.db): Promise<void> {
    const now = Date.now();
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    this.writes++;
    this.values.set(key, value);
    await this.announce?.(db);
  }

  get adminPath(): string {
    return this.values.get(SettingKeys.adminPath) ?? '';
  }
}
