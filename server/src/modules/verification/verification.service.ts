import type { Deps } from '../../deps.js';
import { businessError } from '../../core/errors.js';
import { verificationCodes, type CodePurpose } from './codes.js';
import { sendMail } from './mail.js';
import { secretBoxFor } from './secret-box.js';
import { smsSender } from './sms.js';

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  bind_mobile: '绑定手机号',
  unbind_mobile: '解绑手机号',
  bind_email: '绑定邮箱',
  forget: '找回密码',
};

/** Sends codes by SMS or mail and checks them; the code itself never leaves this module. */
export function verificationService({ db, config, settings, log }: Deps) {
  const box = secretBoxFor(config.dataDir);
  const codes = verificationCodes(db, box.hashKey);
  const production = config.nodeEnv === 'production';

  async function deliverFailed(err: unknown, channel: string): Promise<never> {
    if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'number')
      throw err;
    log.warn(
      { channel, reason: err instanceof Error ? err.message : String(err) },
      'verification code delivery failed',
    );
    throw businessError('SEND_FAILED');
  }

  return {
    box,
    async sendSmsCode(purpose: CodePurpose, mobile: string, userId: number | null, ip: string) {
      const sender = smsSender(settings, box, log, production, config.dataDir);
      return codes.send({ purpose, channel: 'sms', target: mobile, userId, ip }, (code) =>
        sender.sendCode(mobile, code).catch((e) => deliverFailed(e, 'sms')),
      );
    },
    async sendEmailCode(purpose: CodePurpose, email: string, userId: number | null, ip: string, siteTitle: string) {
      return codes.send({ purpose, channel: 'email', target: email, userId, ip }, (code) =>
        sendMail(
          settings,
          box,
          email,
          `【${siteTitle}】${PURPOSE_TEXT[purpose]}验证码`,
          `您正在${PURPOSE_TEXT[purpose]}，验证码：${code}，5 分钟内有效。\n如非本人操作，请忽略本邮件，切勿将验证码告诉他人。`,
        ).catch((e) => deliverFailed(e, 'email')),
      );
    },
    consume: codes.consume,
  };
}
export type VerificationService = ReturnType<typeof verificationService>;
