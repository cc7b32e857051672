/**
 * Real-name verification (`/inside/verified`, `/certify/*`): the ID-number rule shared by the
 * server and the web form, the member and admin inputs, and the views both sides read.
 */
import { formArray, formFlag, pageInput, positiveId } from './account-center.js';
import { z } from './zod-setup.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

/** Mainland resident ID (GB 11643-1999): 18 characters, a real birth date, the ISO 7064 check digit. */
export function isValidIdNumber(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * WEIGHTS[i];
  return CHECK[sum % 11] === v[17];
}

/** Shown instead of the number: the first four and the last four (1101**********1234). */
export function maskIdNumber(value: string): string {
  const v = value.trim().toUpperCase();
  return v.length <= 8 ? '*'.repeat(v.length) : `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

export const ID_NUMBER_RULE = '身份证号码不正确，请核对后重新输入';
export const idNumber = z
  .string({ error: '请输入身份证号码' })
  .trim()
  .toUpperCase()
  .refine(isValidIdNumber, { error: ID_NUMBER_RULE });

/** Chinese names with the middle dot of minority names (·), or Latin letters and spaces. */
export const realName = z
  .string({ error: '请输入真实姓名' })
  .trim()
  .min(2, { error: '请输入真实姓名' })
  .max(30, { error: '姓名不能超过 30 个字符' })
  .regex(/^[\u4e00-\u9fa5·•A-Za-z ]+$/u, { error: '姓名只能包含汉字、字母或间隔号' });

/** Member's manual submission; photos are `/uploads/…` paths the member uploaded. */
export const certifySubmitInput = z.object({
  realName,
  idNumber,
  images: formArray(z.string().trim().max(200)).pipe(z.array(z.string()).max(3, { error: '最多上传 3 张证件照片' })),
});
export const certifyAlipayStartInput = z.object({ realName, idNumber });
/** certifyId from the return URL is only a hint: the server asks Alipay about the member's own record. */
export const certifyResultInput = z.object({
  certifyId: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(64).optional()),
});

export type CertifyStatus = 'none' | 'pending' | 'reviewing' | 'passed' | 'failed';
export const CertifyStatusLabels: Record<CertifyStatus, string> = {
  none: '未认证',
  pending: '认证中',
  reviewing: '审核中',
  passed: '已认证',
  failed: '未通过',
};
export const CertifyProviderLabels: Record<string, string> = { manual: '人工审核', alipay_face: '支付宝刷脸' };

export interface CertifyStatusView {
  status: CertifyStatus;
  statusText: string;
  provider: string;
  realName: string;
  /** Masked: 1101**********1234. */
  idNumber: string;
  reason: string;
  updatedAt: string;
  /** Whether the admin enabled Alipay face certification. */
  alipayEnabled: boolean;
}

export const adminCertifyListInput = z.object({
  ...pageInput,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['pending', 'reviewing', 'passed', 'failed']).optional(),
  ),
  keyword: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(50).optional()),
});
export const adminCertifyApproveInput = z.object({ id: positiveId });
export const adminCertifyRejectInput = z.object({
  id: positiveId,
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(1, { error: '请填写驳回原因' })
    .max(200, { error: '原因不能超过 200 个字符' }),
});
/** Empty privateKey keeps the stored one (write-only). */
export const certifySettingsInput = z.object({
  alipayEnabled: formFlag,
  appId: z.string().trim().max(32).default(''),
  privateKey: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(8000).optional()),
  alipayPublicKey: z.string().trim().max(8000).default(''),
  gateway: z.string().trim().max(300).default(''),
});

export interface AdminCertifyRow {
  id: number;
  userId: number;
  loginName: string;
  userNo: string;
  provider: string;
  providerText: string;
  realName: string;
  idNumber: string;
  images: string[];
  status: CertifyStatus;
  statusText: string;
  reason: string;
  reviewer: string;
  createdAt: string;
  updatedAt: string;
}
export interface CertifySettingsView {
  alipayEnabled: boolean;
  appId: string;
  /** Never the key itself. */
  privateKeySet: boolean;
  alipayPublicKey: string;
  gateway: string;
}
