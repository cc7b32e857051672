import { describe, expect, it } from 'vitest';
import { maskContact, maskLoginName } from './mask.js';

describe('what a site owner sees of a buyer', () => {
  it('masks login names in the middle, short ones too', () => {
    expect(maskLoginName('buyer123')).toBe('bu***23');
    expect(maskLoginName('abcd')).toBe('a***d');
    expect(maskLoginName('ab')).toBe('a***b');
    expect(maskLoginName('a')).toBe('a***');
    expect(maskLoginName('')).toBe('');
    expect(maskLoginName('张三丰大侠')).toBe('张三***大侠');
  });

  it('masks mobile numbers, e-mail names and other contacts', () => {
    expect(maskContact('13812345678')).toBe('138****5678');
    expect(maskContact('buyer@example.com')).toBe('bu***er@example.com');
    expect(maskContact('12345678')).toBe('12***78');
    expect(maskContact(' x@y.cn ')).toBe('x***@y.cn');
  });

  it('never shows a whole contact of more than one character', () => {
    for (const c of ['ab', 'abc', '13812345678', 'qq123456', 'a.b@c.d']) expect(maskContact(c)).not.toBe(c);
  });
});
