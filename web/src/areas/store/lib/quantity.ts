/** The goods' quantity rules (min, max, multiple), as the server checks them on create. */
export interface QuantityRule {
  minQuantity: number;
  maxQuantity: number;
  multiple: number;
}

/** The smallest quantity the rules accept (min rounded up to the multiple), or null when none fits. */
export function firstValidQuantity(rule: QuantityRule): number | null {
  const step = Math.max(1, rule.multiple);
  const first = Math.ceil(Math.max(1, rule.minQuantity) / step) * step;
  return first <= rule.maxQuantity ? first : null;
}

/** The largest quantity the rules accept, also capped by the stock (-1 = unlimited). */
export function lastValidQuantity(rule: QuantityRule, stock = -1): number | null {
  const step = Math.max(1, rule.multiple);
  const cap = stock >= 0 ? Math.min(rule.maxQuantity, stock) : rule.maxQuantity;
  const last = Math.floor(cap / step) * step;
  const first = firstValidQuantity(rule);
  return first !== null && last >= first ? last : null;
}

/** Why a quantity is refused, in the server's words, or null when it is fine. */
export function quantityProblem(quantity: number | null | undefined, rule: QuantityRule, stock = -1): string | null {
  if (quantity === null || quantity === undefined || !Number.isInteger(quantity)) return '请输入整数购买数量';
  if (quantity < rule.minQuantity) return `最少购买 ${rule.minQuantity} 件`;
  if (quantity > rule.maxQuantity) return `最多购买 ${rule.maxQuantity} 件`;
  if (rule.multiple > 1 && quantity % rule.multiple !== 0) return `购买数量须为 ${rule.multiple} 的倍数`;
  if (stock >= 0 && quantity > stock) return `库存不足，当前库存 ${stock} 件`;
  return null;
}

/** A typed quantity snapped to the nearest allowed one (for the stepper's blur). */
export function snapQuantity(quantity: number, rule: QuantityRule, stock = -1): number {
  const first = firstValidQuantity(rule);
  if (first === null) return rule.minQuantity;
  const last = lastValidQuantity(rule, stock) ?? first;
  const step = Math.max(1, rule.multiple);
  const rounded = Math.round((Number.isFinite(quantity) ? quantity : first) / step) * step;
  return Math.min(last, Math.max(first, rounded));
}

/** One line describing the rules, e.g. "每单 1-100 件，按 5 的倍数购买". */
export function quantityHint(rule: QuantityRule): string {
  return `每单 ${rule.minQuantity}-${rule.maxQuantity} 件${rule.multiple > 1 ? `，按 ${rule.multiple} 的倍数购买` : ''}`;
}
