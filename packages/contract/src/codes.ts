/**
 * The one catalogue of business codes and their Chinese messages (spec §8, OPEN-API.md).
 * HTTP status stays 200 for every code here; the envelope carries the outcome.
 * Ranges: 1000–1099 general · 1100–1199 member accounts · 1200–1299 staff/admin ·
 * 1300–1399 files/settings · 2400–2499 open API · 3000–3999 catalog/stock/orders ·
 * 4000–4999 payments · 5000–5999 funds.
 */
export const Codes = {
  SUCCESS: { code: 1000, msg: '操作成功' },
  ADMIN_SESSION_ENDED: { code: -1, msg: '管理员登录已失效，请重新登录' },
  USER_SESSION_ENDED: { code: -2, msg: '登录已失效，请重新登录' },
  OTHER_SESSION_ENDED: { code: -3, msg: '客服登录已失效，请重新登录' },
  FORBIDDEN: { code: 403, msg: '没有权限执行此操作' },

  BAD_INPUT: { code: 1001, msg: '提交的数据有误' },
  TOO_MANY_REQUESTS: { code: 1002, msg: '操作过于频繁，请稍后再试' },
  NOT_FOUND: { code: 1003, msg: '数据不存在或已被删除' },
  SERVER_BUSY: { code: 1004, msg: '系统繁忙，请稍后再试' },
  UNKNOWN_CALL: { code: 1005, msg: '接口不存在' },
  CAPTCHA_WRONG: { code: 1006, msg: '验证码错误或已过期' },
  CONFLICT: { code: 1007, msg: '数据已被修改，请刷新后重试' },

  LOGIN_NAME_TAKEN: { code: 1101, msg: '该登录名已被注册' },
  LOGIN_FAILED: { code: 1102, msg: '账号或密码错误' },
  ACCOUNT_DISABLED: { code: 1103, msg: '账号已被禁用，请联系客服' },
  ACCOUNT_LOCKED: { code: 1104, msg: '登录失败次数过多，请 15 分钟后再试' },
  EMAIL_TAKEN: { code: 1105, msg: '该邮箱已被其他账号绑定' },
  MOBILE_TAKEN: { code: 1106, msg: '该手机号已被其他账号绑定' },
  OLD_PASSWORD_WRONG: { code: 1107, msg: '原密码错误' },
  CAPTCHA_REQUIRED: { code: 1108, msg: '请输入图形验证码' },

  STAFF_LOGIN_FAILED: { code: 1201, msg: '用户名或密码错误' },
  STAFF_DISABLED: { code: 1202, msg: '该管理员账号已停用' },
  ADMIN_PATH_INVALID: { code: 1203, msg: '后台路径只能包含字母和数字（4-32 位）' },
  NOT_SERVICE_STAFF: { code: 1204, msg: '该账号没有客服台权限' },

  UPLOAD_MISSING: { code: 1301, msg: '请选择要上传的文件' },
  UPLOAD_NOT_IMAGE: { code: 1302, msg: '只能上传图片（JPG、PNG、GIF、WEBP）' },
  UPLOAD_TOO_LARGE: { code: 1303, msg: '图片不能超过 5 MB' },

  OPENAPI_PRICE_ABOVE_SAFE: { code: 2400, msg: '商品价格高于您设置的安全价' },
  OPENAPI_ORDER_NOT_FOUND: { code: 2404, msg: '订单不存在' },

  STOCK_INSUFFICIENT: { code: 3001, msg: '库存不足' },
  GOODS_NOT_ON_SALE: { code: 3002, msg: '商品已下架或暂停销售' },

  BALANCE_INSUFFICIENT: { code: 5001, msg: '余额不足' },
} as const satisfies Record<string, { code: number; msg: string }>;

export type CodeName = keyof typeof Codes;
export type BusinessCode = (typeof Codes)[CodeName]['code'];

/** Session-ended codes per area and forbidden (spec §4). */
export const SessionCodes = { admin: -1, user: -2, other: -3, forbidden: 403 } as const;
export const SUCCESS_CODE = 1000;

const byCode = new Map<number, string>(Object.values(Codes).map((c) => [c.code, c.msg]));
/** The catalogued message of a code, for clients that only kept the number. */
export function messageOf(code: number): string | undefined {
  return byCode.get(code);
}
