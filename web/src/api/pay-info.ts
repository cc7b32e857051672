import type { PayeeView } from '@kapu/contract';
import { postForm } from '@/app/http/client';

export type PayeeForm =
  | { id?: number; kind: 'alipay'; realName: string; account: string }
  | { id?: number; kind: 'bank'; realName: string; bankName: string; bankBranch: string; cardNo: string }
  | { id?: number; kind: 'qr'; realName: string; qrType: 'alipay' | 'wechat'; qrImage: string };

/** 我的收款账户 POST /inside/payInfo/list */
export function listPayees() {
  return postForm<PayeeView[]>('/inside/payInfo/list');
}

/** 新增或修改收款账户 POST /inside/payInfo/save */
export function savePayee(values: PayeeForm) {
  return postForm<PayeeView>('/inside/payInfo/save', { ...values });
}

/** 删除收款账户 POST /inside/payInfo/delete */
export function deletePayee(id: number) {
  return postForm<{ id: number }>('/inside/payInfo/delete', { id });
}
