/** General codes, sessions, files and the open API's shared ones. */
export const coreCodes = {
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

  UPLOAD_MISSING: { code: 1301, msg: '请选择要上传的文件' },
  UPLOAD_NOT_IMAGE: { code: 1302, msg: '只能上传图片（JPG、PNG、GIF、WEBP）' },
  UPLOAD_TOO_LARGE: { code: 1303, msg: '图片不能超过 5 MB' },
} as const satisfies Record<string, { code: number; msg: string }>;
