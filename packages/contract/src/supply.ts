import { pageInput } from './account-center.js';
import {
  CONTACT_TYPES,
  GOODS_TYPES,
  ORDER_STATUSES,
  json,
  rechargeField,
  yuan,
  type BuyerInput,
  type GoodsType,
  type MemberLabel,
  type OrderStatus,
  type RechargeField,
} from './commerce.js';
import { idOf, multilineText, text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * Suppliers (供货, decision 0011): applications and the admin's decisions, the supplier's goods and
 * their review, card stock, orders of their goods, fulfilment tasks and settlement entries. Money
 * answered is integer fen; rates are basis points (1 % = 100); times are formatted text.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const plain = (label: string, max: number) =>
  text(label, max).refine((s) => !/[<>]/.test(s), { error: `${label}不能包含 < 或 > 字符` });
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });
const keyword = opt(plain('关键词', 50));
const time = (label: string) => opt(intIn(label, 0, 8_640_000_000_000_000));
const agreed = z.preprocess(
  (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
  z.literal(true, { error: '请阅读并同意《供货商协议》' }),
);

/** Commission the platform keeps, basis points of the cost: 0 … 10000 (100 %). */
export const COMMISSION_BP_MAX = 10_000;
export const commissionBp = intIn('佣金比例', 0, COMMISSION_BP_MAX);
export const holdDays = intIn('结算周期（T+N 天）', 0, 90);

// ---------- suppliers ----------

export const SUPPLIER_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const SupplierStatusLabels: Record<SupplierStatus, string> = {
  pending: '待审核',
  active: '供货中',
  rejected: '未通过',
  suspended: '已暂停',
};

/** A member applies (or applies again after a rejection). */
export const supplierApplyInput = z.object({
  contact: plain('联系方式', 60).min(3, { error: '请填写联系方式（QQ、微信或手机号）' }),
  intro: multilineText('经营内容', 500)
    .trim()
    .min(5, { error: '请简要说明你要供应的商品（至少 5 个字）' })
    .refine((s) => !/[<>]/.test(s), { error: '经营内容不能包含 < 或 > 字符' }),
  agree: agreed,
});
export type SupplierApplyInput = z.infer<typeof supplierApplyInput>;

/** The agreement shown with the form (plain text paragraphs). */
export const SUPPLIER_AGREEMENT = [
  '1. 供货商对所供商品的合法性、真实性负责，不得供应违法违规或侵权商品。',
  '2. 卡密须真实有效且未被使用；手工与直充订单须在规定时间内接单并如实填写发货结果。',
  '3. 每笔订单发货后按供货价扣除平台佣金计入结算，冻结期（T+N）满后转入可提现余额；订单退款或投诉成立时相应结算退回。',
  '4. 新商品与供货价上调须经平台审核；平台有权暂停违规供货商的供货资格。',
];

/** What the /supply pages know of the signed-in member as a supplier. */
export interface MySupplier {
  status: SupplierStatus | 'none';
  statusText: string;
  contact: string;
  intro: string;
  /** Why the application was rejected or the supplier suspended ('' otherwise). */
  reason: string;
  commissionBp: number;
  holdDays: number;
  appliedAt: string;
  decidedAt: string;
  agreement: string[];
}

export const adminSupplierListInput = z.object({
  status: opt(z.enum(SUPPLIER_STATUSES, { error: '供货商状态不正确' })),
  /** Member number, login name, or part of the contact. */
  keyword,
  ...pageInput,
});

export const SUPPLIER_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type SupplierAction = (typeof SUPPLIER_ACTIONS)[number];
export const supplierDecideInput = z
  .object({
    id: idOf('供货商'),
    action: z.enum(SUPPLIER_ACTIONS, { error: '操作不正确' }),
    reason: opt(plain('原因', 200)),
    commissionBp: opt(commissionBp),
    holdDays: opt(holdDays),
  })
  .refine((d) => (d.action !== 'reject' && d.action !== 'suspend') || !!d.reason, {
    error: '请填写原因（会显示给供货商）',
    path: ['reason'],
  });
export const supplierTermsInput = z.object({ id: idOf('供货商'), commissionBp, holdDays });

export interface AdminSupplierRow {
  id: number;
  userId: number;
  member: MemberLabel | null;
  contact: string;
  intro: string;
  status: SupplierStatus;
  statusText: string;
  reason: string;
  commissionBp: number;
  holdDays: number;
  goodsCount: number;
  /** Settlement money of the supplier by where it stands (fen). */
  frozen: number;
  released: number;
  appliedAt: string;
  decidedAt: string;
}

export const TIMEOUT_ACTIONS = ['platform', 'refund'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export const TimeoutActionLabels: Record<TimeoutAction, string> = {
  platform: '转回平台处理',
  refund: '自动退款',
};
/** 供货设置: defaults for new suppliers and the fulfilment timeout. */
export const supplySettingsInput = z.object({
  defaultCommissionBp: commissionBp,
  holdDays,
  taskTimeoutHours: intIn('接单时限（小时）', 1, 720),
  timeoutAction: z.enum(TIMEOUT_ACTIONS, { error: '超时处理方式不正确' }),
});
export type SupplySettings = z.infer<typeof supplySettingsInput>;

// ---------- goods ----------

export const supplierGoodsListInput = z.object({
  type: opt(z.enum(GOODS_TYPES, { error: '商品类型不正确' })),
  keyword,
  /** on_sale / paused / review (a change waiting for the platform). */
  state: opt(z.enum(['on_sale', 'paused', 'review'], { error: '商品状态不正确' })),
  ...pageInput,
});

export const supplierGoodsSaveInput = z.object({
  id: opt(idOf('商品')),
  dirId: idOf('商品分类'),
  name: plain('商品名称', 100).min(1, { error: '请输入商品名称' }),
  type: z.enum(GOODS_TYPES, { error: '请选择商品类型' }),
  /** What the supplier is paid per unit (供货价). */
  cost: yuan('供货价').refine((fen) => fen > 0, { error: '供货价须大于 0' }),
  faceValue: opt(yuan('面值')),
  /** Count stock of non-card goods; blank = unlimited. */
  stock: opt(intIn('库存', 0, 100_000_000)),
  description: opt(
    multilineText('商品说明', 5000).refine((s) => !/[<>]/.test(s), { error: '商品说明不能包含 < 或 > 字符' }),
  ),
  rechargeTemplate: opt(json(z.array(rechargeField).max(20, { error: '下单模板最多 20 个字段' }), '下单模板')),
  minQuantity: z.preprocess(blank, intIn('最少购买数量', 1, 10000).default(1)),
  maxQuantity: z.preprocess(blank, intIn('最多购买数量', 1, 10000).default(100)),
  contactType: z.preprocess(blank, z.enum(CONTACT_TYPES, { error: '联系方式类型不正确' }).default('any')),
  /** Low-stock alert when available cards fall to this many (0 = off). */
  lowStockAt: z.preprocess(blank, intIn('库存预警数量', 0, 1_000_000).default(0)),
});
export type SupplierGoodsSaveInput = z.infer<typeof supplierGoodsSaveInput>;
export const supplierGoodsShelfInput = z.object({
  id: idOf('商品'),
  onSale: z.preprocess((v) => v === true || v === '1' || v === 1 || v === 'true', z.boolean()),
});

export const REVIEW_KINDS = ['new', 'cost_rise'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const ReviewKindLabels: Record<ReviewKind, string> = { new: '新商品', cost_rise: '供货价上调' };
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusLabels: Record<ReviewStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export interface SupplierGoodsRow {
  id: number;
  dirId: number;
  name: string;
  type: GoodsType;
  typeText: string;
  cost: number;
  /** The platform's selling price ('' until approved: the admin sets it). */
  price: number;
  /** Available cards (card goods) or count stock; null = unlimited. */
  stock: number | null;
  soldCount: number;
  status: 'on_sale' | 'paused' | 'banned';
  statusText: string;
  faceValue: number;
  description: string;
  rechargeTemplate: RechargeField[];
  minQuantity: number;
  maxQuantity: number;
  contactType: (typeof CONTACT_TYPES)[number];
  lowStockAt: number;
  /** The latest review of the goods. */
  review: { kind: ReviewKind; status: ReviewStatus; statusText: string; cost: number; reason: string } | null;
  approved: boolean;
}

export const adminReviewListInput = z.object({
  status: opt(z.enum(REVIEW_STATUSES, { error: '审核状态不正确' })),
  ...pageInput,
});
export const reviewDecideInput = z
  .object({
    id: idOf('审核记录'),
    approve: z.preprocess((v) => v === true || v === '1' || v === 1 || v === 'true', z.boolean()),
    /** The platform's selling price (≥ the cost); blank keeps the current one. */
    price: opt(yuan('售价')),
    reason: opt(plain('驳回原因', 200)),
  })
  .refine((d) => d.approve || !!d.reason, { error: '请填写驳回原因', path: ['reason'] });

export interface AdminReviewRow {
  id: number;
  goodsId: number;
  goodsName: string;
  goodsType: GoodsType;
  supplier: MemberLabel | null;
  kind: ReviewKind;
  kindText: string;
  status: ReviewStatus;
  statusText: string;
  /** The cost asked for, the cost before (0 for new goods) and the current selling price. */
  cost: number;
  previousCost: number;
  price: number;
  reason: string;
  createdAt: string;
  decidedAt: string;
}

// ---------- cards ----------

export const supplierCardListInput = z.object({
  goodsId: opt(idOf('商品')),
  status: opt(z.enum(['available', 'reserved', 'sold', 'void'], { error: '卡密状态不正确' })),
  ...pageInput,
});
export const supplierCardImportInput = z.object({
  goodsId: idOf('商品'),
  text: z.string({ error: '请输入卡密' }).max(20 * 1024 * 1024, { error: '卡密文本过大' }),
  note: opt(plain('批次备注', 100)),
});
export const supplierCardVoidInput = z.object({
  ids: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z.array(idOf('卡密')).min(1, { error: '请选择要作废的卡密' }).max(10_000, { error: '一次最多作废 10000 张' }),
  ),
});
export const supplierCardExportInput = z.object({ goodsId: opt(idOf('商品')) });

export interface SupplierCardRow {
  id: number;
  goodsId: number;
  goodsName: string;
  batchId: number;
  /** Unsold cards in full; sold cards masked (the buyer has them). */
  card: string;
  status: 'available' | 'reserved' | 'sold' | 'void';
  statusText: string;
  soldAt: string;
  createdAt: string;
}
export interface SupplierCardImport {
  lines: number;
  imported: number;
  duplicates: number;
  invalid: number;
}

// ---------- orders ----------

export const supplierOrderListInput = z.object({
  status: opt(z.enum(ORDER_STATUSES, { error: '订单状态不正确' })),
  goodsId: opt(idOf('商品')),
  orderNo: opt(plain('订单号', 40)),
  from: time('开始时间'),
  to: time('结束时间'),
  ...pageInput,
});
export const supplierOrderExportInput = supplierOrderListInput.omit({ page: true, pageSize: true });

/** An order of the supplier's goods: only what fulfilment needs, never the buyer's contact, e-mail, phone or IP. */
export interface SupplierOrderRow {
  orderNo: string;
  goodsId: number;
  goodsName: string;
  goodsType: GoodsType;
  quantity: number;
  unitCost: number;
  /** What the supplier earns on it: cost × quantity less the commission (before refunds). */
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  paidAt: string;
  deliveredAt: string;
  refundAmount: number;
  /** The recharge account and other inputs the goods asked for (recharge and manual goods). */
  buyerInputs: BuyerInput[];
  /** Name and address for physical goods while they must still be shipped; null otherwise. */
  ship: { name: string; phone: string; address: string } | null;
  settlement: { amount: number; status: SettlementStatus; statusText: string } | null;
}

// ---------- fulfilment tasks ----------

export const TASK_STATUSES = ['waiting', 'accepted', 'done', 'failed', 'returned', 'refunded', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TaskStatusLabels: Record<TaskStatus, string> = {
  waiting: '待接单',
  accepted: '处理中',
  done: '已完成',
  failed: '失败已退款',
  returned: '超时转平台',
  refunded: '超时已退款',
  closed: '平台已处理',
};
export const supplierTaskListInput = z.object({
  status: opt(z.enum(TASK_STATUSES, { error: '任务状态不正确' })),
  orderNo: opt(plain('订单号', 40)),
  ...pageInput,
});
export const taskIdInput = z.object({ id: idOf('任务') });
const proofPath = z
  .string()
  .trim()
  .regex(/^\/uploads\/[A-Za-z0-9/_.-]{1,200}$/, { error: '凭证图片须为本站上传的图片' });
export const taskDoneInput = z.object({
  id: idOf('任务'),
  result: opt(
    multilineText('发货结果', 2000)
      .trim()
      .refine((s) => !/[<>]/.test(s), { error: '发货结果不能包含 < 或 > 字符' }),
  ),
  proofs: opt(json(z.array(proofPath).max(5, { error: '最多上传 5 张凭证图片' }), '凭证图片')),
  carrier: opt(plain('快递公司', 30)),
  trackingNo: opt(plain('快递单号', 40)),
});
export const taskFailInput = z.object({
  id: idOf('任务'),
  reason: plain('失败原因', 200).min(2, { error: '请填写失败原因（会显示给买家）' }),
});

export interface SupplierTaskRow {
  id: number;
  orderNo: string;
  goodsName: string;
  goodsType: GoodsType;
  goodsTypeText: string;
  quantity: number;
  status: TaskStatus;
  statusText: string;
  buyerInputs: BuyerInput[];
  remark: string;
  ship: { name: string; phone: string; address: string } | null;
  result: string;
  proofs: string[];
  /** When an unaccepted task times out ('' once accepted or closed). */
  deadline: string;
  createdAt: string;
  acceptedAt: string;
  finishedAt: string;
}

// ---------- settlements ----------

export const SETTLEMENT_STATUSES = ['frozen', 'released', 'reversed'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const SettlementStatusLabels: Record<SettlementStatus, string> = {
  frozen: '冻结中',
  released: '已入账',
  reversed: '已退回',
};
export const settlementListInput = z.object({
  status: opt(z.enum(SETTLEMENT_STATUSES, { error: '结算状态不正确' })),
  orderNo: opt(plain('订单号', 40)),
  from: time('开始时间'),
  to: time('结束时间'),
  ...pageInput,
});
export interface SettlementRow {
  id: number;
  orderNo: string;
  goodsName: string;
  quantity: number;
  cost: number;
  commissionBp: number;
  commission: number;
  amount: number;
  reversed: number;
  status: SettlementStatus;
  statusText: string;
  /** Held by an open complaint: it stays frozen past its due time. */
  held: boolean;
  dueAt: string;
  createdAt: string;
  releasedAt: string;
}
export interface SettlementDay {
  day: string;
  /** What is left of the entries written that day, by where it stands now; and what refunds took. */
  frozen: number;
  released: number;
  reversed: number;
}
export interface SettlementSummary {
  balance: number;
  frozen: number;
  released: number;
  reversed: number;
  days: SettlementDay[];
}
