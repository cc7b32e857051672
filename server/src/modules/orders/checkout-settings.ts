import type { CheckoutSettings } from '@kapu/contract';
import { SettingKeys, type SettingsStore } from '../../core/settings.js';
import type { Db } from '../../core/db/connect.js';

export const CheckoutKeys = {
  reserveMinutes: 'orders.reserve_minutes',
  visitorMaxOrders: 'orders.visitor_max_orders',
  visitorMaxUnits: 'orders.visitor_max_units',
  visitorCaptchaAfter: 'orders.visitor_captcha_after',
  visitorStockShare: 'orders.visitor_stock_share',
  lookupDays: SettingKeys.keyDay,
} as const satisfies Record<keyof CheckoutSettings, string>;

/**
 * Defaults: an unpaid order holds its stock 15 minutes; a visitor (no account, so nobody to
 * hold to account) may keep 3 unpaid orders per address and 20 units of one goods per address
 * or contact, needs the image captcha once they hold one unpaid order, and visitors together
 * never hold more than half of a goods' stock — members can always still buy.
 */
const DEFAULTS: CheckoutSettings = {
  reserveMinutes: 15,
  visitorMaxOrders: 3,
  visitorMaxUnits: 20,
  visitorCaptchaAfter: 1,
  visitorStockShare: 50,
  lookupDays: 90,
};
const RANGES: Record<keyof CheckoutSettings, [number, number]> = {
  reserveMinutes: [1, 1440],
  visitorMaxOrders: [1, 100],
  visitorMaxUnits: [1, 100_000],
  visitorCaptchaAfter: [0, 100],
  visitorStockShare: [1, 100],
  lookupDays: [1, 3650],
};

export function checkoutSettings(settings: SettingsStore): CheckoutSettings {
  const out = { ...DEFAULTS };
  for (const key of Object.keys(CheckoutKeys) as (keyof CheckoutSettings)[]) {
    const raw = settings.get(CheckoutKeys[key]);
    const n = Number(raw);
    const [min, max] = RANGES[key];
    if (raw !== undefined && Number.isInteger(n) && n >= min && n <= max) out[key] = n;
  }
  return out;
}

/** `db` is the caller's transaction when the save is audited with it. */
export async function saveCheckoutSettings(settings: SettingsStore, values: CheckoutSettings, db?: Db): Promise<void> {
  for (const key of Object.keys(CheckoutKeys) as (keyof CheckoutSettings)[])
    await settings.set(CheckoutKeys[key], String(values[key]), db);
}
