import { pageInput, positiveId } from './account-center.js';
import type { AdminOrderDetail, AdminOrderRow } from './commerce.js';
import type { DeskComplaintRow } from './complaints.js';
import { multilineText, text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * The service desk (客服台, /other/service) and consultations (咨询, decision 0011): a member or a
 * visitor asks, staff answer, the asker reads the replies (visitors through a token link).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const content = (label: string) =>
  multilineText(label, 1000)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: `请填写${label}` }));
const orderNo = opt(
  z
    .string()
    .trim()
    .regex(/^\d{17,40}$/, { error: '订单号格式不正确' }),
);
/** The visitor's link: an unguessable token. */
const token = z
  .string({ error: '咨询链接不正确' })
  .trim()
  .regex(/^[\w-]{20,64}$/, { error: '咨询链接不正确' });

export const CONSULT_STATUSES = ['waiting', 'answered', 'closed'] as const;
export type ConsultStatus = (typeof CONSULT_STATUSES)[number];
export const ConsultStatusLabels: Record<ConsultStatus, string> = {
  waiting: '待回复',
  answered: '已回复',
  closed: '已结束',
};

export const consultAskInput = z.object({
  content: content('咨询内容'),
  orderNo,
});
export type ConsultAskInput = z.input<typeof consultAskInput>;
export const visitorConsultAskInput = consultAskInput.extend({
  contact: opt(text('联系方式', 64)),
});
export type VisitorConsultAskInput = z.input<typeof visitorConsultAskInput>;
export const consultIdInput = z.object({ id: positiveId });
export const consultReplyInput = consultIdInput.extend({ content: content('回复内容') });
export const visitorConsultInput = z.object({ token });
export const visitorConsultReplyInput = visitorConsultInput.extend({ content: content('回复内容') });
export const myConsultListInput = z.object(pageInput);

export const CONSULT_QUEUES = ['waiting', 'mine', 'answered', 'closed', 'all'] as const;
export type ConsultQueue = (typeof CONSULT_QUEUES)[number];
export const ConsultQueueLabels: Record<ConsultQueue, string> = {
  waiting: '待回复',
  mine: '我负责的',
  answered: '已回复',
  closed: '已结束',
  all: '全部',
};
export const deskConsultListInput = z.object({
  queue: z.preprocess((v) => blank(v) ?? 'waiting', z.enum(CONSULT_QUEUES, { error: '队列不正确' })),
  ...pageInput,
});

export const serviceReplySaveInput = z.object({
  id: opt(positiveId),
  title: text('标题', 30).min(1, { error: '请填写标题' }),
  body: content('回复内容'),
  sort: z.preprocess(
    (v) => blank(v) ?? 0,
    z.coerce.number({ error: '排序须为整数' }).int({ error: '排序须为整数' }).min(0).max(9999),
  ),
});
export type ServiceReplySaveInput = z.input<typeof serviceReplySaveInput>;
export const serviceReplyIdInput = z.object({ id: positiveId });

/** Look up members by member number, login name, mobile, e-mail or QQ. */
export const deskMemberLookupInput = z.object({
  keyword: text('会员编号、登录名或联系方式', 64).min(1, { error: '请输入会员编号、登录名或联系方式' }),
});
export const deskMemberOrdersInput = z.object({ userId: positiveId, ...pageInput });
export const deskOrderLookupInput = z.object({
  orderNo: z
    .string({ error: '请输入订单号' })
    .trim()
    .regex(/^\d{17,40}$/, { error: '订单号格式不正确' }),
});

export interface ConsultAskAnswer {
  id: number;
  /** Visitors only: the token of their link (/service?consult=…). */
  token: string;
}

export interface ConsultMessageView {
  id: number;
  role: 'asker' | 'staff';
  /** 我 / 客服 for the asker; the member or 游客 and the staff name for staff. */
  author: string;
  body: string;
  createdAt: string;
}

export interface ConsultRow {
  id: number;
  orderNo: string;
  /** The question's first line, shortened. */
  preview: string;
  status: ConsultStatus;
  statusText: string;
  createdAt: string;
  lastAt: string;
}

/** What staff see of a consultation: who asked and who took it. */
export interface DeskConsultRow extends ConsultRow {
  asker: string;
  /** A visitor's contact, for staff to reach them ('' for members). */
  contact: string;
  assignee: string;
}

export interface ConsultDetail extends ConsultRow {
  messages: ConsultMessageView[];
  canReply: boolean;
}
export interface DeskConsultDetail extends DeskConsultRow {
  messages: ConsultMessageView[];
  canReply: boolean;
}

export interface ServiceReplyView {
  id: number;
  title: string;
  body: string;
  sort: number;
}

/** A member as the desk sees them: contacts masked; what they have and spent. */
export interface DeskMemberView {
  id: number;
  userNo: string;
  loginName: string;
  nickname: string;
  mobile: string;
  email: string;
  qq: string;
  /** Fen. */
  balance: number;
  status: string;
  createdAt: string;
}

/** An order at the desk: what admin sees of it (cards only with 查看卡密), its payments and its complaints. */
export interface DeskOrderView {
  order: AdminOrderDetail;
  payments: DeskPaymentView[];
  history: DeskHistoryEntry[];
  complaints: DeskComplaintRow[];
}
export interface DeskPaymentView {
  paymentNo: string;
  gateway: string;
  /** Fen collected, and refunded through the gateway. */
  amount: number;
  refunded: number;
  status: string;
  createdAt: string;
  paidAt: string;
}
export interface DeskHistoryEntry {
  at: string;
  text: string;
}
export type DeskOrderRow = AdminOrderRow;
