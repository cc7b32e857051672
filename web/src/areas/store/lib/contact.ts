import { CONTACT_RULES as RULES, type ContactType } from '@kapu/contract';

/** The goods' contact field: its label and hint, with the rule the server checks (from the contract). */
export const CONTACT_RULES: Record<
  ContactType,
  { label: string; placeholder: string; test: (value: string) => boolean; message: string }
> = {
  any: { label: '联系方式', placeholder: '手机号、邮箱或 QQ，用于查单', ...RULES.any },
  phone: { label: '手机号', placeholder: '请输入 11 位手机号', ...RULES.phone },
  email: { label: '邮箱', placeholder: '卡密会同时发送到该邮箱', ...RULES.email },
  qq: { label: 'QQ 号', placeholder: '请输入 QQ 号', ...RULES.qq },
};

/** The problem with a contact value, or null. Visitors must give one; members may leave it empty. */
export function contactProblem(type: ContactType, value: string | undefined, required: boolean): string | null {
  const v = (value ?? '').trim();
  if (!v) return required ? `请填写${CONTACT_RULES[type].label}` : null;
  if (/[<>]/.test(v)) return '联系方式不能包含 < 或 > 字符';
  const rule = CONTACT_RULES[type];
  return rule.test(v) ? null : rule.message;
}
