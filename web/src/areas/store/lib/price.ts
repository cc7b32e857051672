import { formatYuan } from '@/app/format';

export interface Tier {
  minQuantity: number;
  price: number;
}

/**
 * The unit price for a quantity, mirroring the server's one pricing rule (catalog/pricing.ts):
 * the buyer's level price, then the best wholesale tier reached when it is cheaper.
 * Only for display: the order answer carries what is really charged.
 */
export function unitPriceFor(
  levelPrice: number,
  tiers: readonly Tier[],
  quantity: number,
): { unitPrice: number; tier: number | null } {
  let unitPrice = levelPrice;
  let tier: number | null = null;
  for (const t of tiers) {
    if (quantity >= t.minQuantity && t.price < unitPrice) {
      unitPrice = t.price;
      tier = t.minQuantity;
    }
  }
  return { unitPrice, tier };
}

/** Stock as shown to buyers: -1 (unlimited, loop cards) and large counts read 充足. */
export function stockText(stock: number, plentyFrom = 1000): string {
  if (stock < 0 || stock >= plentyFrom) return '充足';
  if (stock === 0) return '缺货';
  return `${stock} 件`;
}

/** The level price next to the retail price when the member pays less. */
export function priceLine(price: number, basePrice: number): { main: string; was: string | null } {
  return { main: formatYuan(price), was: price < basePrice ? formatYuan(basePrice) : null };
}

/** Wholesale tiers as a sentence: "满 10 件 ¥46.08/件". */
export function tierText(tiers: readonly Tier[]): string {
  return tiers.map((t) => `满 ${t.minQuantity} 件 ${formatYuan(t.price)}/件`).join('，');
}
