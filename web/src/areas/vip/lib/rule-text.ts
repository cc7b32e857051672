import { bpToPercentText, PriceScopeLabels, ruleValueText, type AppliedRule, type PriceRuleView } from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { fenToYuanText } from '@/app/yuan';

/** "¥10.00 – ¥50.00" or "¥50.00 以上" (the cost range a range rule applies to). */
export function rangeLabel(r: { rangeMin: number | null; rangeMax: number | null }): string {
  const from = formatYuan(r.rangeMin ?? 0);
  return r.rangeMax === null ? `${from} 以上` : `${from} – ${formatYuan(r.rangeMax)}`;
}

/** What a rule applies to: 全局, the directory's or goods' name, or the cost range. */
export function ruleTarget(r: PriceRuleView): string {
  if (r.scope === 'range') return `成本 ${rangeLabel(r)}`;
  if (r.scope === 'global') return '全部商品';
  return r.targetName ?? `${PriceScopeLabels[r.scope]} #${r.targetId}`;
}

/** The hint beside a price: which rule priced it ("按目录：加价 10%"), or 按成本价 without one. */
export function appliedText(rule: AppliedRule | null): string {
  if (!rule) return '无加价（按成本价）';
  return `${PriceScopeLabels[rule.scope]}：${ruleValueText(rule.kind, rule.value)}`;
}

/** A stored value back into what the form shows: "12.5" for basis points, "1.50" for fen. */
export function valueText(kind: PriceRuleView['kind'], value: number): string {
  return kind === 'percent' ? bpToPercentText(value) : fenToYuanText(value);
}
