import { formFlag, pageInput } from './account-center.js';
import { idField, yuan } from './commerce.js';
import { z } from './zod-setup.js';

/**
 * The open API (开放接口; decision 0014): resellers call `POST /openapi/{path}` with signed JSON
 * (卡易信 merchant API 3.0 shape). Money in the API is yuan with two decimals (strings in answers);
 * the member centre page `/inside/openapi` manages keys, reads the call log and tests calls.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });
const str = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label}须为文本` })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, { error: `${label}不能超过 ${max} 个字符` }));
const required = (label: string, max: number) => str(label, max).pipe(z.string().min(1, { error: `请填写${label}` }));

/** The version the signature and answers follow. */
export const OPENAPI_VERSION = '3.0';
/** Seconds a request's timestamp may differ from the server's clock; also how long a signature is remembered. */
export const OPENAPI_SKEW_SECONDS = 300;
/** Keys one member may hold besides the default key of the account settings. */
export const OPENAPI_MAX_KEYS = 10;
/** Seconds after a failed order callback before each retry (then it stops). */
export const OPENAPI_NOTIFY_RETRY_SECONDS = [15, 15, 30, 180, 600, 1200, 1800] as const;

export const OPENAPI_SCOPES = ['goods', 'orders', 'refunds', 'transfer'] as const;
export type OpenApiScope = (typeof OPENAPI_SCOPES)[number];
export const OpenApiScopeLabels: Record<OpenApiScope, string> = {
  goods: '商品读取',
  orders: '下单与查单',
  refunds: '退款与撤销',
  transfer: '转账与兑换码',
};

/** The API's order statuses (卡易信 numbering; 6 is not used). */
export const OpenApiOrderStatusLabels: Record<number, string> = {
  0: '待支付',
  1: '待处理',
  2: '处理中',
  3: '已完成',
  4: '已撤单',
  5: '已退款',
  7: '待同步',
  8: '退单中',
  9: '退款中',
};

// ---------- member centre: keys ----------

const scopesField = z.preprocess(
  (v) => (v === undefined || v === '' || v === null ? [] : Array.isArray(v) ? v : String(v).split(',')),
  z
    .array(z.enum(OPENAPI_SCOPES, { error: '权限不正确' }))
    .min(1, { error: '请至少选择一项权限' })
    .transform((a) => [...new Set(a)]),
);
const allowlistField = z.preprocess(blank, str('IP 白名单', 2000).optional());

export const openApiKeyCreateInput = z.object({
  name: required('密钥名称', 30),
  scopes: scopesField,
  ipAllowlist: allowlistField,
});
export const openApiKeyUpdateInput = z.object({
  id: idField('密钥'),
  name: required('密钥名称', 30),
  scopes: scopesField,
  ipAllowlist: allowlistField,
  pushUrl: opt(str('商品推送地址', 500)),
});
export const openApiKeyIdInput = z.object({ id: idField('密钥') });
export const openApiKeyEnableInput = z.object({ id: idField('密钥'), enabled: formFlag });
/**
 * API 下单免交易密码 for one key (0: the default key): acg-faka's shared-store protocol cannot send a sale
 * password (decision 0015). Changing it asks for the sale password when the member set one.
 */
export const openApiKeyNoSalePwdInput = z.object({
  id: z.coerce
    .number({ error: '请选择密钥' })
    .int({ error: '请选择密钥' })
    .min(0, { error: '请选择密钥' })
    .max(Number.MAX_SAFE_INTEGER, { error: '请选择密钥' }),
  enabled: formFlag,
  salePwd: opt(z.string().max(64, { error: '交易密码最多 64 位' })),
});
export const openApiCallListInput = z.object({ appId: opt(str('应用 ID', 40)), ...pageInput });
/** The default key's push subscription (the default key is managed in the account settings). */
export const openApiPushInput = z.object({ appId: required('应用 ID', 40), pushUrl: opt(str('商品推送地址', 500)) });
/** The in-browser tester: the server signs for the signed-in member with the chosen key. */
export const openApiTryInput = z.object({
  appId: required('应用 ID', 40),
  path: required('接口路径', 40),
  body: opt(str('请求体', 10_000)),
});

export interface OpenApiKeyView {
  /** 0: the default key (account settings). */
  id: number;
  appId: string;
  name: string;
  scopes: OpenApiScope[];
  ipAllowlist: string[];
  enabled: boolean;
  isDefault: boolean;
  /** API 下单免交易密码: orders through this key need no sale password (the member opted in). */
  noSalePwd: boolean;
  pushUrl: string;
  createdAt: string;
  lastUsedAt: string;
}
/** Answered once when a key is created or rotated: the secret is not shown again. */
export interface OpenApiKeySecret {
  id: number;
  appId: string;
  appSecret: string;
}
export interface OpenApiCallView {
  id: number;
  appId: string;
  path: string;
  ip: string;
  code: number;
  ms: number;
  at: string;
}
export interface OpenApiTryAnswer {
  /** What was sent (the signature, never the secret). */
  request: { path: string; headers: Record<string, string>; body: string };
  /** The API's envelope as the caller would get it. */
  answer: unknown;
}

// ---------- the API's bodies ----------

const outerNumber = required('外部单号', 64).pipe(
  z.string().regex(/^[\w.:-]+$/, { error: '外部单号只能包含字母、数字和 _ . : -' }),
);

export const apiTransferInput = z.object({
  toUserNo: required('收款会员编号', 32),
  money: yuan('转账金额').pipe(z.number().min(1, { error: '转账金额须大于 0' })),
  outerNumber,
  salePwd: opt(z.string().max(64)),
});
export const apiGoodsListInput = z.object({
  page: z.preprocess(blank, intIn('页码', 1, 100000).default(1)),
  pageSize: z.preprocess(blank, intIn('每页数量', 1, 100).default(20)),
  goodsType: opt(z.coerce.number().pipe(z.union([z.literal(1), z.literal(3)], { error: '商品类型须为 1 或 3' }))),
  keyWord: opt(str('关键词', 50)),
  dirId: opt(idField('目录')),
  brandId: opt(idField('品牌')),
});
export const apiGoodsIdInput = z.object({ goodsId: idField('商品') });
export const apiOrderCreateInput = z.object({
  goodsId: idField('商品'),
  count: z.preprocess(blank, intIn('购买数量', 1, 10000).default(1)),
  notifyUrl: opt(str('回调地址', 500)),
  outerNumber,
  safePrice: opt(yuan('安全价')),
  attach: opt(
    z
      .array(z.object({ name: required('充值字段名', 50), value: str('充值字段值', 500) }), {
        error: 'attach 须为 [{name, value}] 数组',
      })
      .max(20, { error: 'attach 最多 20 项' }),
  ),
  salePwd: opt(z.string().max(64)),
});
export const apiOrderRefInput = z
  .object({ orderNumber: opt(str('订单号', 40)), outerNumber: opt(str('外部单号', 64)) })
  .refine((v) => v.orderNumber || v.outerNumber, { error: '请填写订单号或外部单号', path: ['orderNumber'] });
export const apiComplaintInput = z.object({
  orderNumber: required('订单号', 40),
  topic: required('投诉主题', 50),
  content: required('投诉内容', 500),
  images: opt(z.array(z.string().max(200)).max(5, { error: '图片最多 5 张' })),
});
export const apiCardVoidInput = z.object({
  orderNumber: required('订单号', 40),
  cardIds: z.array(idField('卡密')).min(1, { error: '请选择要撤销的卡密' }).max(1000),
  reason: required('撤销原因', 200),
});
export const apiCdkeyCreateInput = z.object({
  kind: z.preprocess(
    blank,
    z.enum(['goods', 'balance'], { error: '兑换码类型须为 goods 或 balance' }).default('goods'),
  ),
  goodsId: opt(idField('商品')),
  quantity: z.preprocess(blank, intIn('每个兑换码的商品数量', 1, 1000).default(1)),
  amount: opt(yuan('面值')),
  count: z.preprocess(blank, intIn('生成数量', 1, 100).default(1)),
  salePwd: opt(z.string().max(64)),
});
