import type { FundsSettings } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import type { SettingsStore } from '../../core/settings.js';

export const FUNDS_SETTINGS_KEY = 'funds.settings';

/** Defaults: transfers up to 50,000 yuan and 20 times a day; withdrawals from 10 yuan, 3 a day, no fee. */
export const DEFAULT_FUNDS_SETTINGS: FundsSettings = {
  withdrawEnabled: 1,
  withdrawMin: 1_000,
  withdrawMax: 0,
  feeBasisPoints: 0,
  feeMin: 0,
  withdrawDailyCount: 3,
  transferEnabled: 1,
  transferMin: 1,
  transferDailyAmount: 5_000_000,
  transferDailyCount: 20,
};

/** The stored settings over the defaults; a malformed value falls back to the defaults. */
export function fundsSettings(settings: SettingsStore): FundsSettings {
  const raw = settings.get(FUNDS_SETTINGS_KEY);
  if (!raw) return { ...DEFAULT_FUNDS_SETTINGS };
  try {
    const stored = JSON.parse(raw) as Partial<FundsSettings>;
    const out = { ...DEFAULT_FUNDS_SETTINGS };
    for (const key of Object.keys(out) as (keyof FundsSettings)[]) {
      const v = stored[key];
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) (out as Record<string, number>)[key] = v;
    }
    return out;
  } catch {
    return { ...DEFAULT_FUNDS_SETTINGS };
  }
}

export async function saveFundsSettings(settings: SettingsStore, db: Db, value: FundsSettings): Promise<void> {
  await settings.set(FUNDS_SETTINGS_KEY, JSON.stringify(value), db);
}

/**
 * Withdrawal fee, rounded UP to the fen: max(ceil(amount × rate), minimum fee). BigInt keeps
 * amount × basis points exact for any amount.
 */
export function withdrawalFee(amount: number, s: Pick<FundsSettings, 'feeBasisPoints' | 'feeMin'>): number {
  const byRate = Number((BigInt(amount) * BigInt(s.feeBasisPoints) + 9_999n) / 10_000n);
  return Math.max(byRate, s.feeMin);
}
