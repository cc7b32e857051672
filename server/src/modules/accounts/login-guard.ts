import type { Area } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { SettingsStore } from '../../core/settings.js';
import { checkCaptcha } from '../verification/index.js';

export const SecurityKeys = {
  captchaAfter: 'security.captcha_after',
  lockAfter: 'security.lock_after',
  lockMinutes: 'security.lock_minutes',
  registerCaptcha: 'security.register_captcha',
} as const;

export interface SecurityThresholds {
  /** Failures of an account (24 h) after which every login needs the image captcha. */
  captchaAfter: number;
  /** Failures of an account from one IP within lockMinutes that lock that pair. */
  lockAfter: number;
  lockMinutes: number;
  registerCaptcha: boolean;
}

export function securityThresholds(settings: SettingsStore): SecurityThresholds {
  const num = (key: string, fallback: number) => {
    const v = Number(settings.get(key));
    return Number.isFinite(v) && settings.get(key) !== undefined ? v : fallback;
  };
  return {
    captchaAfter: num(SecurityKeys.captchaAfter, 3),
    lockAfter: num(SecurityKeys.lockAfter, 10),
    lockMinutes: num(SecurityKeys.lockMinutes, 15),
    registerCaptcha: settings.get(SecurityKeys.registerCaptcha) !== '0',
  };
}

const DAY = 24 * 3600_000;

/**
 * Brute-force guard for password logins (members and staff): captcha after N failures of an
 * account, lock of account+IP after M failures. Each attempt is counted as a failure BEFORE the
 * password is checked (a row that a success deletes), so parallel wrong logins all see each
 * other and cannot slip under the captcha threshold; a locked or captcha-less attempt is
 * refused before the password is looked at, and is not counted.
 */
export function loginGuard(db: Db, settings: SettingsStore) {
  async function failures(area: Area, account: string, since: number, ip?: string, except?: number): Promise<number> {
    let q = db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('area', '=', area)
      .where('account', '=', account)
      .where('created_at', '>', since);
    if (ip) q = q.where('ip', '=', ip);
    if (except !== undefined) q = q.where('id', '!=', except);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  return {
    /** Counts this attempt, then refuses it when the account is locked or the captcha is due. */
    async check(
      area: Area,
      account: string,
      ip: string,
      captcha: { captchaId?: string; captcha?: string },
      now = Date.now(),
    ): Promise<void> {
      const t = securityThresholds(settings);
      const pair = await failures(area, account, now - t.lockMinutes * 60_000, ip);
      if (pair >= t.lockAfter)
        throw businessError('ACCOUNT_LOCKED', `登录失败次数过多，请 ${t.lockMinutes} 分钟后再试`);
      const mine = await db
        .insertInto('login_failures')
        .values({ area, account, ip, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (Math.random() < 0.02)
        await db
          .deleteFrom('login_failures')
          .where('created_at', '<', now - 2 * DAY)
          .execute();
      const others = await failures(area, account, now - DAY, undefined, mine.id);
      if (others >= t.captchaAfter) {
        const refuse = async (code: 'CAPTCHA_REQUIRED' | 'CAPTCHA_WRONG') => {
          await db.deleteFrom('login_failures').where('id', '=', mine.id).execute();
          return businessError(code, undefined, { captchaRequired: true });
        };
        if (!captcha.captchaId || !captcha.captcha) throw await refuse('CAPTCHA_REQUIRED');
        if (!(await checkCaptcha(db, captcha.captchaId, captcha.captcha, now))) throw await refuse('CAPTCHA_WRONG');
      }
    },

    /** The attempt failed (it is already counted); answers whether the next one needs the captcha. */
    async fail(area: Area, account: string, _ip: string, now = Date.now()): Promise<{ captchaRequired: boolean }> {
      const t = securityThresholds(settings);
      return { captchaRequired: (await failures(area, account, now - DAY)) >= t.captchaAfter };
    },

    async succeed(area: Area, account: string): Promise<void> {
      await db.deleteFrom('login_failures').where('area', '=', area).where('account', '=', account).execute();
    },
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
