import { describe, expect, it } from 'vitest';
import { toPayeeForm } from './payee-form';

describe('toPayeeForm', () => {
  it('sends only the chosen kind’s fields, trimmed; card numbers without spaces', () => {
    expect(
      toPayeeForm(undefined, { kind: 'alipay', realName: ' 张三 ', account: ' 13800138000 ', cardNo: '1' }),
    ).toEqual({ id: undefined, kind: 'alipay', realName: '张三', account: '13800138000' });
    expect(
      toPayeeForm(3, {
        kind: 'bank',
        realName: '张三',
        bankName: '工商银行',
        bankBranch: '朝阳支行',
        cardNo: '6222 0202-0000 1234',
      }),
    ).toEqual({
      id: 3,
      kind: 'bank',
      realName: '张三',
      bankName: '工商银行',
      bankBranch: '朝阳支行',
      cardNo: '6222020200001234',
    });
    expect(
      toPayeeForm(undefined, {
        kind: 'qr',
        realName: '张三',
        qrType: 'wechat',
        qrImage: '/uploads/2025/01/a.png',
        account: 'x',
      }),
    ).toEqual({ id: undefined, kind: 'qr', realName: '张三', qrType: 'wechat', qrImage: '/uploads/2025/01/a.png' });
  });
});
