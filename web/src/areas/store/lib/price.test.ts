import { describe, expect, it } from 'vitest';
import { priceLine, stockText, tierText, unitPriceFor } from './price';
import { contactProblem } from './contact';

describe('price display', () => {
  const tiers = [
    { minQuantity: 10, price: 4600 },
    { minQuantity: 50, price: 4500 },
  ];
  it('applies the best wholesale tier reached, only when cheaper than the level price', () => {
    expect(unitPriceFor(4850, tiers, 1)).toEqual({ unitPrice: 4850, tier: null });
    expect(unitPriceFor(4850, tiers, 10)).toEqual({ unitPrice: 4600, tier: 10 });
    expect(unitPriceFor(4850, tiers, 60)).toEqual({ unitPrice: 4500, tier: 50 });
    // A member level already below the tiers keeps its own price.
    expect(unitPriceFor(4400, tiers, 60)).toEqual({ unitPrice: 4400, tier: null });
  });

  it('shows stock counts, 充足 for unlimited or plenty, 缺货 at zero', () => {
    expect(stockText(-1)).toBe('充足');
    expect(stockText(5000)).toBe('充足');
    expect(stockText(20)).toBe('20 件');
    expect(stockText(0)).toBe('缺货');
  });

  it('strikes the retail price through only when the member pays less', () => {
    expect(priceLine(4753, 4850)).toEqual({ main: '¥47.53', was: '¥48.50' });
    expect(priceLine(4850, 4850)).toEqual({ main: '¥48.50', was: null });
    expect(tierText(tiers)).toBe('满 10 件 ¥46.00/件，满 50 件 ¥45.00/件');
  });

  it('checks the contact the way the server does', () => {
    expect(contactProblem('any', '', true)).toBe('请填写联系方式');
    expect(contactProblem('any', '', false)).toBeNull();
    expect(contactProblem('phone', '12345', true)).toBe('请填写正确的手机号');
    expect(contactProblem('phone', '13800138000', true)).toBeNull();
    expect(contactProblem('email', 'a@b.cn', true)).toBeNull();
    expect(contactProblem('qq', '0123', true)).toBe('请填写正确的 QQ 号');
    expect(contactProblem('any', '<b>', true)).toBe('联系方式不能包含 < 或 > 字符');
  });
});
