import { describe, expect, it } from 'vitest';
import { certifySubmitInput, isValidIdNumber, maskIdNumber } from './certify.js';

describe('ID number checksum', () => {
  it('accepts numbers whose ISO 7064 check digit matches, X in either case', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber('110101199003077512')).toBe(true);
    expect(isValidIdNumber('110101199003077517')).toBe(false);
    expect(isValidIdNumber(' 440524188001010014 ')).toBe(false); // before 1900
  });
  it('refuses a wrong check digit, a bad date, wrong length or letters', () => {
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('110101199002307512')).toBe(false);
    expect(isValidIdNumber('11010119900307751')).toBe(false);
    expect(isValidIdNumber('1101011990030775A7')).toBe(false);
    expect(isValidIdNumber('010101199003077517')).toBe(false);
  });
  it('masks all but the first and last four', () => {
    expect(maskIdNumber('110101199003077512')).toBe('1101**********7512');
  });
  it('the submit input upper-cases the number and reads repeated image fields', () => {
    const v = certifySubmitInput.parse({ realName: '张三', idNumber: '11010519491231002x', images: '/uploads/a.png' });
    expect(v).toEqual({ realName: '张三', idNumber: '11010519491231002X', images: ['/uploads/a.png'] });
    expect(certifySubmitInput.safeParse({ realName: '张三', idNumber: '110105194912310021' }).success).toBe(false);
  });
});
