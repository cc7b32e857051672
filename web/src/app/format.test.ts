import { describe, expect, it } from 'vitest';
import { formatYuan } from './format';

describe('formatYuan', () => {
  it('shows integer fen as ¥ yuan with 2 decimals', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(123456)).toBe('¥1,234.56');
    expect(formatYuan(-250)).toBe('-¥2.50');
  });
});
