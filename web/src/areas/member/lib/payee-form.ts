import type { PayeeKind } from '@kapu/contract';
import type { PayeeForm } from '@/api/pay-info';

export interface PayeeEditorValues {
  kind: PayeeKind;
  realName: string;
  account?: string;
  bankName?: string;
  bankBranch?: string;
  cardNo?: string;
  qrType?: 'alipay' | 'wechat';
  qrImage?: string;
}

/** The form's values → the save call's union (only the chosen kind's fields). */
export function toPayeeForm(id: number | undefined, v: PayeeEditorValues): PayeeForm {
  const realName = v.realName.trim();
  if (v.kind === 'alipay') return { id, kind: 'alipay', realName, account: (v.account ?? '').trim() };
  if (v.kind === 'bank')
    return {
      id,
      kind: 'bank',
      realName,
      bankName: (v.bankName ?? '').trim(),
      bankBranch: (v.bankBranch ?? '').trim(),
      cardNo: (v.cardNo ?? '').replace(/[\s-]/g, ''),
    };
  return { id, kind: 'qr', realName, qrType: v.qrType ?? 'alipay', qrImage: v.qrImage ?? '' };
}
