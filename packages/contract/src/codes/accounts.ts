/** Member accounts (1100–1199) and staff/admin (1200–1299). */
export const accountCodes = {
  LOGIN_NAME_TAKEN: { code: 1101, msg: '该登录名已被注册' },
  LOGIN_FAILED: { code: 1102, msg: '账号或密码错误' },
  ACCOUNT_DISABLED: { code: 1103, msg: '账号已被禁用，请联系客服' },
  ACCOUNT_LOCKED: { code: 1104, msg: '登录失败次数过多，请 15 分钟后再试' },
  EMAIL_TAKEN: { code: 1105, msg: '该邮箱已被其他账号绑定' },
  MOBILE_TAKEN: { code: 1106, msg: '该手机号已被其他账号绑定' },
  OLD_PASSWORD_WRONG: { code: 1107, msg: '原密码错误' },
  CAPTCHA_REQUIRED: { code: 1108, msg: '请输入图形验证码' },
  SALE_PWD_REQUIRED: { code: 1109, msg: '请输入交易密码' },
  SALE_PWD_WRONG: { code: 1110, msg: '交易密码错误' },
  SALE_PWD_NOT_SET: { code: 1111, msg: '您尚未设置交易密码，请先在账户设置中设置' },

  STAFF_LOGIN_FAILED: { code: 1201, msg: '用户名或密码错误' },
  STAFF_DISABLED: { code: 1202, msg: '该管理员账号已停用' },
  ADMIN_PATH_INVALID: { code: 1203, msg: '后台路径只能包含字母和数字（4-32 位）' },
  NOT_SERVICE_STAFF: { code: 1204, msg: '该账号没有客服台权限' },
} as const satisfies Record<string, { code: number; msg: string }>;
