import { pageInput, positiveId } from './account-center.js';
import { orderNoInput, yuan } from './commerce.js';
import { multilineText, text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * Complaints (投诉, decision 0011): a buyer disputes a paid, delivered order; the buyer, the seller
 * (the goods' supplier, or platform staff for platform goods) and service staff talk in one thread
 * with images; staff decide (refund all or a part, or reject), or the buyer withdraws.
 * Money answered in fen; times as formatted text.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

export const COMPLAINT_TYPES = ['card_invalid', 'not_received', 'wrong_goods', 'other'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];
export const ComplaintTypeLabels: Record<ComplaintType, string> = {
  card_invalid: '卡密无效',
  not_received: '未收到货',
  wrong_goods: '商品不符',
  other: '其他',
};

export const COMPLAINT_STATUSES = ['open', 'awaiting_seller', 'awaiting_buyer', 'arbitration', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const ComplaintStatusLabels: Record<ComplaintStatus, string> = {
  open: '待处理',
  awaiting_seller: '待卖家回复',
  awaiting_buyer: '待买家回复',
  arbitration: '平台介入中',
  closed: '已结束',
};

export const COMPLAINT_OUTCOMES = ['refunded_full', 'refunded_part', 'rejected', 'withdrawn'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];
export const ComplaintOutcomeLabels: Record<ComplaintOutcome, string> = {
  refunded_full: '已全额退款',
  refunded_part: '已部分退款',
  rejected: '投诉被驳回',
  withdrawn: '买家已撤回',
};

/** Who wrote a message of the thread. */
export type ComplaintRole = 'buyer' | 'seller' | 'staff' | 'system';
export const ComplaintRoleLabels: Record<ComplaintRole, string> = {
  buyer: '买家',
  seller: '卖家',
  staff: '平台客服',
  system: '系统',
};

/** Images one message may carry. */
export const COMPLAINT_MAX_IMAGES = 5;

/** Uploaded evidence, named by the token the upload answered (comma-separated in forms). */
const imageTokens = z.preprocess(
  (v) =>
    v === undefined || v === '' || v === null
      ? []
      : (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean),
  z
    .array(z.string().regex(/^[\w-]{16,64}$/, { error: '图片凭据不正确' }))
    .max(COMPLAINT_MAX_IMAGES, { error: `每次最多附 ${COMPLAINT_MAX_IMAGES} 张图片` }),
);
const body = (required: boolean) =>
  required
    ? multilineText('投诉内容', 1000)
        .transform((v) => v.trim())
        .pipe(z.string().min(1, { error: '请填写投诉内容' }))
    : z
        .preprocess((v) => (v === undefined || v === null ? '' : v), multilineText('回复内容', 1000))
        .transform((v) => v.trim());
/**
 * A visitor proves the order is theirs with its query password, or with the access token their browser
 * got when it created or looked the order up (unguessable, so it spends no guessing budget).
 */
const visitorProof = {
  queryPassword: opt(z.string().max(32, { error: '查询密码不能超过 32 个字符' })),
  accessToken: opt(z.string().regex(/^[0-9a-f]{64}$/, { error: '订单凭据不正确' })),
};
const provesOrder = (v: { queryPassword?: string; accessToken?: string }) => Boolean(v.queryPassword || v.accessToken);
const proofError = { error: '请输入查询密码', path: ['queryPassword'] };

export const complaintOpenInput = orderNoInput.extend({
  type: z.enum(COMPLAINT_TYPES, { error: '请选择投诉类型' }),
  content: body(true),
  images: imageTokens,
});
export type ComplaintOpenInput = z.input<typeof complaintOpenInput>;
/** A visitor complains through the order lookup: the order's query password (or access token) proves it is theirs. */
export const visitorComplaintOpenInput = complaintOpenInput.extend(visitorProof).refine(provesOrder, proofError);
/** A visitor reads their complaint on an order. */
export const visitorComplaintInput = orderNoInput.extend(visitorProof).refine(provesOrder, proofError);
export const visitorComplaintReplyInput = orderNoInput
  .extend({ ...visitorProof, content: body(false), images: imageTokens })
  .refine(provesOrder, proofError);

export const complaintIdInput = z.object({ id: positiveId });
export const complaintReplyInput = complaintIdInput.extend({ content: body(false), images: imageTokens });
export type ComplaintReplyInput = z.input<typeof complaintReplyInput>;
/** Whether the member may complain on an order (the button and the form ask first). */
export const complaintEligibilityInput = orderNoInput;

export const myComplaintListInput = z.object({
  status: opt(z.enum(COMPLAINT_STATUSES, { error: '投诉状态不正确' })),
  ...pageInput,
});

/** The desk's queues: new (nobody took it), mine, waiting for someone, overdue seller, all. */
export const COMPLAINT_QUEUES = ['new', 'mine', 'waiting', 'overdue', 'arbitration', 'all'] as const;
export type ComplaintQueue = (typeof COMPLAINT_QUEUES)[number];
export const ComplaintQueueLabels: Record<ComplaintQueue, string> = {
  new: '新投诉',
  mine: '我负责的',
  waiting: '等待回复',
  overdue: '卖家超时',
  arbitration: '平台介入',
  all: '全部',
};
export const deskComplaintListInput = z.object({
  queue: z.preprocess((v) => blank(v) ?? 'all', z.enum(COMPLAINT_QUEUES, { error: '队列不正确' })),
  status: opt(z.enum(COMPLAINT_STATUSES, { error: '投诉状态不正确' })),
  orderNo: opt(text('订单号', 40)),
  ...pageInput,
});
export type DeskComplaintListInput = z.input<typeof deskComplaintListInput>;

/** Take a complaint (no staffId: me) or hand it to a colleague. */
export const complaintAssignInput = complaintIdInput.extend({ staffId: opt(positiveId) });

export const COMPLAINT_DECISIONS = ['refund_full', 'refund_part', 'reject'] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];
export const complaintDecideInput = complaintIdInput.extend({
  decision: z.enum(COMPLAINT_DECISIONS, { error: '请选择处理结果' }),
  /** Yuan, for refund_part; answers fen. */
  amount: opt(yuan('退款金额')),
  note: text('处理说明', 200).min(1, { error: '请填写处理说明' }),
});
export type ComplaintDecideInput = z.input<typeof complaintDecideInput>;

export const complaintSettingsInput = z.object({
  windowDays: z.coerce
    .number({ error: '投诉期限须为整数' })
    .int({ error: '投诉期限须为整数' })
    .min(1, { error: '投诉期限至少 1 天' })
    .max(365, { error: '投诉期限不能超过 365 天' }),
  sellerHours: z.coerce
    .number({ error: '卖家回复时限须为整数' })
    .int({ error: '卖家回复时限须为整数' })
    .min(1, { error: '卖家回复时限至少 1 小时' })
    .max(720, { error: '卖家回复时限不能超过 720 小时' }),
});
export type ComplaintSettings = z.infer<typeof complaintSettingsInput>;

/** An uploaded evidence image: its token (sent with the message) and a short-lived link to show it. */
export interface ComplaintUpload {
  token: string;
  url: string;
}

export interface ComplaintEligibility {
  eligible: boolean;
  /** Why not, in Chinese ('' when eligible). */
  reason: string;
  /** The order's complaint that is not closed, if any (open it instead). */
  complaintId: number | null;
  /** Last moment to complain, '' when it does not apply. */
  deadline: string;
}

export interface ComplaintRow {
  id: number;
  orderNo: string;
  goodsName: string;
  type: ComplaintType;
  typeText: string;
  status: ComplaintStatus;
  statusText: string;
  outcome: ComplaintOutcome | null;
  outcomeText: string;
  /** Fen refunded by the decision. */
  refundAmount: number;
  createdAt: string;
  updatedAt: string;
  /** When the seller must answer by ('' when not waiting for them). */
  sellerDueAt: string;
  /** The seller's time ran out (it escalates). */
  overdue: boolean;
}

/** The desk's and the admin's row: who is involved. */
export interface DeskComplaintRow extends ComplaintRow {
  /** 会员编号（登录名）, or 游客. */
  buyer: string;
  /** 平台 or the supplier's member number and name. */
  seller: string;
  /** Staff who took it ('' when nobody). */
  assignee: string;
  assigneeId: number | null;
}

export interface ComplaintMessageView {
  id: number;
  role: ComplaintRole;
  roleText: string;
  /** The author as the reader may see them (staff are 客服 + their name to staff, 平台客服 to buyers). */
  author: string;
  body: string;
  /** Short-lived links to the message's images. */
  images: string[];
  createdAt: string;
  /** True when the reader wrote it. */
  mine: boolean;
}

export interface ComplaintOrderView {
  orderNo: string;
  goodsName: string;
  quantity: number;
  /** Fen the buyer paid, and refunded so far. */
  paidAmount: number;
  refundedAmount: number;
  statusText: string;
  paidAt: string;
  deliveredAt: string;
}

export interface ComplaintDetail extends DeskComplaintRow {
  content: string;
  decisionNote: string;
  order: ComplaintOrderView;
  messages: ComplaintMessageView[];
  /** What the reader may do now. */
  can: { reply: boolean; withdraw: boolean; arbitrate: boolean; decide: boolean; assign: boolean };
  /** Who the reader is in this thread. */
  as: 'buyer' | 'seller' | 'staff';
}

export interface ComplaintDecisionAnswer {
  status: ComplaintStatus;
  outcome: ComplaintOutcome;
  refunded: number;
}
