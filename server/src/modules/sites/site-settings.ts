import type { SitesSettings } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { SettingsStore } from '../../core/settings.js';

export const SITES_SETTINGS_KEY = 'sites.settings';

/** No platform domains until the admin lists them; shares frozen 7 days; expired sites open 3 more days. */
export const DEFAULT_SITES_SETTINGS: SitesSettings = { platformDomains: [], freezeDays: 7, graceDays: 3 };

const DAY = 86_400_000;

/** The stored settings over the defaults; a malformed value falls back to them. */
export function sitesSettings(settings: SettingsStore): SitesSettings {
  const raw = settings.get(SITES_SETTINGS_KEY);
  if (!raw) return { ...DEFAULT_SITES_SETTINGS, platformDomains: [] };
  try {
    const stored = JSON.parse(raw) as Partial<SitesSettings>;
    const days = (v: unknown, d: number) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : d);
    return {
      platformDomains: Array.isArray(stored.platformDomains)
        ? stored.platformDomains.filter((h): h is string => typeof h === 'string')
        : [],
      freezeDays: days(stored.freezeDays, DEFAULT_SITES_SETTINGS.freezeDays),
      graceDays: days(stored.graceDays, DEFAULT_SITES_SETTINGS.graceDays),
    };
  } catch {
    return { ...DEFAULT_SITES_SETTINGS, platformDomains: [] };
  }
}

export async function saveSitesSettings(settings: SettingsStore, db: Db, value: SitesSettings): Promise<void> {
  await settings.set(SITES_SETTINGS_KEY, JSON.stringify(value), db);
}

/** When a site whose time ends at `expiresAt` closes (its grace days after). */
export function graceEndsAt(settings: SettingsStore, expiresAt: number): number {
  return expiresAt + sitesSettings(settings).graceDays * DAY;
}
