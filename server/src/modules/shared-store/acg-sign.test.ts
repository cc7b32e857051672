import { describe, expect, it } from 'vitest';
import { acgSignature } from './acg-sign.js';

describe('acg-faka Str::generateSignature', () => {
  // Hand-computed (decision 0015): the hashed text is written out, then md5'd.
  it('matches the hand-computed vectors', () => {
    // md5("app_id=7&key=abc")
    expect(acgSignature({ app_id: '7' }, 'abc')).toBe('42b4d3135bcecc54919c13240d79f4d4');
    // md5("app_id=1001&contact=a b+c&num=2&shared_code=ABCD&key=k3y xA")
    expect(
      acgSignature(
        { shared_code: 'ABCD', race: '', num: '2', contact: 'a b+c', app_id: '1001', sign: 'x' },
        'k3y+x%41',
      ),
    ).toBe('ffef7b54d1937ff9313a8d7ed9ae1ef2');
    // md5("app_id=12&race=月卡&sharedCode=X1&key=Kk")
    expect(acgSignature({ sharedCode: 'X1', race: '月卡', app_id: '12' }, 'Kk')).toBe(
      '9bd243ad4d17ff404236174af849ef11',
    );
  });

  it('sorts numeric keys as numbers, like ksort', () => {
    // md5("2=b&10=a&key=k"): 2 before 10 (a bytewise sort would put "10" first).
    expect(acgSignature({ '10': 'a', '2': 'b' }, 'k')).toBe('8b0c403da95656e7ce0300c162109343');
  });
});
