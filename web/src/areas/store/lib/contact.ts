import type { ContactType } from '@kapu/contract';

/** The goods' contact rule, as checked on the server (flows/checkout.ts checkContact). */
export const CONTACT_RULES: Record<ContactType, { label: string; placeholder: string; pattern: RegExp | null; message: string }> = {
  any: { label: '联系方式', placeholder: '手机号、邮箱或 QQ，用于查单', pattern: null, message: '联系方式不能包含 < 或 > 字符' },
  phone: { label: '手机号', placeholder: '请输入 11 位手机号', pattern: /^1[3-9]\d{9}$/, message: '请填写正确的手机号' },
  email: { label: '邮箱', placeholder: '卡密会同时发送到该邮箱', pattern: /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, message: '请填写正确的邮箱' },
  qq: { label: 'QQ 号', placeholder: '请输入 QQ 号', pattern: /^[1-9]\d{4,11}$/, message: '请填写正确的 QQ 号' },
};

/** The problem with a contact value, or null. Visitors must give one; members may leave it empty. */
export function contactProblem(type: ContactType, value: string | undefined, required: boolean): string | null {
  const v = (value ?? '').trim();
  if (!v) return required ? `请填写${CONTACT_RULES[type].label}` : null;
  if (/[<>]/.test(v)) return '联系方式不能包含 < 或 > 字符';
  const rule = CONTACT_RULES[type];
  return rule.pattern && !rule.pattern.test(v) ? rule.message : null;
}
