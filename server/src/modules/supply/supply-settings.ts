import { supplySettingsInput, type SupplySettings } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { SettingsStore } from '../../core/settings.js';

export const SUPPLY_SETTINGS_KEY = 'supply.settings';

/** 5 % commission, T+3, 24 hours to accept a task, then back to the platform. */
export const DEFAULT_SUPPLY_SETTINGS: SupplySettings = {
  defaultCommissionBp: 500,
  holdDays: 3,
  taskTimeoutHours: 24,
  timeoutAction: 'platform',
};

/** The stored settings over the defaults; a malformed value falls back to them. */
export function supplySettings(settings: SettingsStore): SupplySettings {
  const raw = settings.get(SUPPLY_SETTINGS_KEY);
  if (!raw) return { ...DEFAULT_SUPPLY_SETTINGS };
  try {
    const parsed = supplySettingsInput.safeParse({ ...DEFAULT_SUPPLY_SETTINGS, ...JSON.parse(raw) });
    return parsed.success ? parsed.data : { ...DEFAULT_SUPPLY_SETTINGS };
  } catch {
    return { ...DEFAULT_SUPPLY_SETTINGS };
  }
}

export async function saveSupplySettings(settings: SettingsStore, db: Db, value: SupplySettings): Promise<void> {
  await settings.set(SUPPLY_SETTINGS_KEY, JSON.stringify(value), db);
}
