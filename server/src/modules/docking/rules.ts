import type { SyncField, SyncOwnership } from '@kapu/contract';

/** Pure rules of docking (decision 0016): prices from costs, what a sync may change, which source to try. */

export interface Markup {
  kind: 'percent' | 'fixed';
  /** percent: basis points (2000 = +20%); fixed: fen per unit. */
  value: number;
}

/** Our selling price for an upstream cost: percent rounds up to the fen, so the margin never rounds away. */
export function sellingPrice(cost: number, markup: Markup): number {
  if (markup.kind === 'fixed') return cost + markup.value;
  return Math.ceil((cost * (10_000 + markup.value)) / 10_000);
}

/** The highest unit cost accepted, from the import cost and the bound (percent above it); null = no bound. */
export function costCeiling(importCost: number, boundPct: number | null): number | null {
  if (boundPct === null) return null;
  return Math.floor((importCost * (100 + boundPct)) / 100);
}

/**
 * The most we pay the upstream per unit for an order sold at `unitPrice`: never above what the
 * buyer paid (we do not sell at a loss), and never above the cost bound when there is one.
 */
export function maxUnitCost(unitPrice: number, importCost: number, boundPct: number | null): number {
  const ceiling = costCeiling(importCost, boundPct);
  return ceiling === null ? unitPrice : Math.min(unitPrice, ceiling);
}

export const DEFAULT_OWNERSHIP: SyncOwnership = {
  name: 'mine',
  description: 'mine',
  images: 'mine',
  price: 'upstream',
  status: 'upstream',
  stock: 'upstream',
};

export function readOwnership(raw: string): SyncOwnership {
  try {
    const v = JSON.parse(raw) as Partial<SyncOwnership>;
    const out = { ...DEFAULT_OWNERSHIP };
    for (const k of Object.keys(out) as SyncField[]) if (v[k] === 'upstream' || v[k] === 'mine') out[k] = v[k];
    return out;
  } catch {
    return { ...DEFAULT_OWNERSHIP };
  }
}

/** The merchant's goods as a sync sees it. */
export interface GoodsState {
  name: string;
  description: string;
  images: string[];
  price: number;
  status: 'on_sale' | 'paused' | 'banned';
  stock: number | null;
}

/** What the upstream says now (the first usable source). */
export interface UpstreamState {
  name: string;
  description: string;
  images: string[];
  cost: number;
  onSale: boolean;
  stock: number | null;
}

export interface SyncRules {
  ownership: SyncOwnership;
  markup: Markup;
  priceRule: 'follow' | 'raise_only';
  pauseOutOfStock: boolean;
  importCost: number;
  costBoundPct: number | null;
  /** The sync paused the goods last time (so it may put it back on sale). */
  pausedBySync: boolean;
}

export interface SyncChange {
  field: SyncField;
  from: string;
  to: string;
  note: string;
}

export interface SyncPlan {
  /** The fields to write (only those that change). */
  set: Partial<GoodsState>;
  changes: SyncChange[];
  /** Fields the sync left alone, and why ('keep mine', raise-only…). */
  skipped: SyncChange[];
  pausedBySync: boolean;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const stockText = (s: number | null) => (s === null ? '不限' : String(s));
const STATUS_TEXT = { on_sale: '上架', paused: '下架', banned: '禁售' } as const;

/**
 * One sync of a docked goods: fields the merchant keeps ('mine') stay; price follows the cost with
 * the markup (raise-only never lowers it); stock follows; status follows the upstream's sale state,
 * and the goods is paused when the upstream is out of stock or the cost rose above the bound — and
 * put back on sale by the sync only when the sync paused it (a merchant's own pause stays).
 */
export function planSync(current: GoodsState, up: UpstreamState, rules: SyncRules): SyncPlan {
  const set: Partial<GoodsState> = {};
  const changes: SyncChange[] = [];
  const skipped: SyncChange[] = [];
  const own = rules.ownership;
  const text = (field: 'name' | 'description', next: string) => {
    if (current[field] === next) return;
    const entry = { field, from: current[field].slice(0, 100), to: next.slice(0, 100), note: '' };
    if (own[field] === 'mine') skipped.push({ ...entry, note: '保留我的设置' });
    else {
      set[field] = next;
      changes.push({ ...entry, note: '跟随上游' });
    }
  };
  text('name', up.name);
  text('description', up.description);
  if (JSON.stringify(current.images) !== JSON.stringify(up.images)) {
    const entry = {
      field: 'images' as const,
      from: `${current.images.length} 张`,
      to: `${up.images.length} 张`,
      note: '',
    };
    if (own.images === 'mine') skipped.push({ ...entry, note: '保留我的设置' });
    else {
      set.images = up.images;
      changes.push({ ...entry, note: '跟随上游' });
    }
  }

  const wanted = sellingPrice(up.cost, rules.markup);
  if (wanted !== current.price) {
    const entry = { field: 'price' as const, from: yuan(current.price), to: yuan(wanted), note: '' };
    if (own.price === 'mine') skipped.push({ ...entry, note: '保留我的设置' });
    else if (rules.priceRule === 'raise_only' && wanted < current.price)
      skipped.push({ ...entry, note: '只涨不跌：上游降价不调低售价' });
    else {
      set.price = wanted;
      changes.push({ ...entry, note: `上游成本 ${yuan(up.cost)}` });
    }
  }

  if (up.stock !== current.stock) {
    const entry = { field: 'stock' as const, from: stockText(current.stock), to: stockText(up.stock), note: '' };
    if (own.stock === 'mine') skipped.push({ ...entry, note: '保留我的设置' });
    else {
      set.stock = up.stock;
      changes.push({ ...entry, note: '跟随上游' });
    }
  }

  // Status: why the goods should be off sale now, if at all.
  const ceiling = costCeiling(rules.importCost, rules.costBoundPct);
  const reason = !up.onSale
    ? '上游已下架'
    : rules.pauseOutOfStock && up.stock !== null && up.stock <= 0
      ? '上游缺货'
      : ceiling !== null && up.cost > ceiling
        ? `上游成本 ${yuan(up.cost)} 超过上限 ${yuan(ceiling)}`
        : null;
  let pausedBySync = rules.pausedBySync;
  if (current.status !== 'banned') {
    if (reason && current.status === 'on_sale') {
      const entry = { field: 'status' as const, from: STATUS_TEXT.on_sale, to: STATUS_TEXT.paused, note: reason };
      if (own.status === 'mine') skipped.push({ ...entry, note: `${reason}（保留我的设置，未下架）` });
      else {
        set.status = 'paused';
        pausedBySync = true;
        changes.push(entry);
      }
    } else if (!reason && current.status === 'paused' && rules.pausedBySync) {
      const entry = { field: 'status' as const, from: STATUS_TEXT.paused, to: STATUS_TEXT.on_sale, note: '上游恢复' };
      if (own.status === 'mine') skipped.push({ ...entry, note: '保留我的设置' });
      else {
        set.status = 'on_sale';
        pausedBySync = false;
        changes.push(entry);
      }
    }
  }
  return { set, changes, skipped, pausedBySync };
}

export interface SourceCandidate {
  id: number;
  priority: number;
}

/** Sources to try for a procurement, in priority order, without those already given up on. */
export function sourcesToTry<T extends SourceCandidate>(sources: readonly T[], tried: readonly number[]): T[] {
  const done = new Set(tried);
  return [...sources].filter((s) => !done.has(s.id)).sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** Whether a source's fresh answer lets us order there; the reason in Chinese when it does not. */
export function sourceRefusal(
  fresh: { onSale: boolean; stock: number | null; price: number; minQuantity: number; maxQuantity: number },
  quantity: number,
  maxUnitPrice: number,
): string | null {
  if (!fresh.onSale) return '上游已下架';
  if (fresh.stock !== null && fresh.stock < quantity) return `上游库存不足（${fresh.stock}）`;
  if (fresh.price > maxUnitPrice) return `上游价格 ${yuan(fresh.price)} 高于可接受的 ${yuan(maxUnitPrice)}`;
  if (quantity < fresh.minQuantity || quantity > fresh.maxQuantity) return '购买数量超出上游限制';
  return null;
}

/**
 * The part of a paid order given back when only `delivered` of `quantity` units came from upstream:
 * the missing units' share of what was paid, rounded up to the fen so the buyer never pays for more
 * than they got, and always leaving the order a fen short of whole (a part, not the whole order: at
 * least one unit was delivered). `alreadyRefunded` (an earlier partial refund) is counted in.
 */
export function shortRefund(paid: number, alreadyRefunded: number, quantity: number, delivered: number): number {
  if (quantity <= 0 || delivered >= quantity || paid <= 0) return 0;
  const kept = Math.floor((paid * delivered) / quantity);
  const owed = paid - kept - alreadyRefunded;
  return Math.max(0, Math.min(owed, paid - alreadyRefunded - 1));
}

/** An upstream order of a procurement settled before the current one (it short-delivered). */
export interface ProcurementPart {
  part: number;
  sourceId: number;
  connectionId: number;
  outerNumber: string;
  upstreamOrderNo: string;
  /** Units asked for, and cards that came of them. */
  quantity: number;
  cards: number;
  charged: number | null;
}

/** The upstream's idempotency key of a procurement's current part: ours for the first, numbered after. */
export function outerNumberOf(p: { procurement_no: string; part: number }): string {
  return p.part <= 1 ? p.procurement_no : `${p.procurement_no}-${p.part}`;
}

export function partsOf(raw: string): ProcurementPart[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? (v as ProcurementPart[]) : [];
  } catch {
    return [];
  }
}
