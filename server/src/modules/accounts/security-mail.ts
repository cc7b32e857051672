import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { siteTitleOf } from '../sites/index.js';
import { readSmtp, secretBoxFor, sendMail } from '../verification/index.js';

/** Mails members the security events of their account (sale password locked, sign-in from a new place), when mail is set up. */
export function registerSecurityMail(deps: Deps): void {
  const { db, settings, config, events, log } = deps;
  const box = secretBoxFor(config.dataDir);
  /** Mails a member who has an address, when SMTP is set up; `lines` after the greeting. */
  async function mailMember(userId: number, subject: string, lines: string[]): Promise<void> {
    const user = await db
      .selectFrom('users')
      .select(['email', 'login_name', 'site_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.email) return;
    const smtp = readSmtp(settings);
    if (!smtp) {
      log.warn({ userId }, 'security mail skipped: SMTP is not configured');
      return;
    }
    const title = await siteTitleOf(db, user.site_id);
    const text = [`您好，${user.login_name}：`, '', ...lines].join('\n');
    await sendMail(settings, box, user.email, `【${title}】${subject}`, text, smtp);
  }
  events.on(
    'account.newPlaceLogin',
    'accounts.securityMail',
    async (event) => {
      const { userId, ip, address, previousAddress } = event.payload;
      await mailMember(userId, '账户异地登录提醒', [
        `您的账户于 ${formatDateTime(event.createdAt, config.timeZone)} 在 ${address}（IP ${ip}）登录，上次登录地为 ${previousAddress}。`,
        '如果不是您本人操作，请尽快修改登录密码。',
      ]);
    },
    { external: true },
  );
  events.on(
    'account.salePasswordLocked',
    'accounts.securityMail',
    async (event) => {
      const { userId, ip, lockedMinutes, tries } = event.payload;
      await mailMember(userId, '交易密码已被锁定', [
        `您的账户在 ${formatDateTime(event.createdAt, config.timeZone)}（IP ${ip}）连续 ${tries} 次输入错误的交易密码，交易密码已锁定 ${lockedMinutes} 分钟。`,
        '如果不是您本人操作，请尽快登录修改登录密码和交易密码。',
      ]);
    },
    { external: true },
  );
}
