import { randomInt } from 'node:crypto';
import { businessError } from '../../core/errors.js';
import { hmacSha256, safeEqual } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_TRIES = 5;
/** Per target per hour, whatever the IP: stops SMS bombing one number. */
export const MAX_PER_HOUR = 10;

export type CodePurpose = 'bind_mobile' | 'unbind_mobile' | 'bind_email' | 'forget';

export interface CodeRequest {
  purpose: CodePurpose;
  channel: 'email' | 'sms';
  target: string;
  userId: number | null;
  ip: string;
}

/**
 * Verification codes: 6 digits, 5 minutes, one resend per 60 s, 5 wrong tries void the code.
 * Only a keyed hash is stored, so the table does not reveal live codes.
 */
export function verificationCodes(db: Db, hashKey: Buffer) {
  const hashOf = (purpose: string, target: string, code: string) => hmacSha256(hashKey, `${purpose}|${target}|${code}`);

  return {
    /** Issues a code and hands it to `deliver`; a failed delivery leaves no live code. */
    async send(
      req: CodeRequest,
      deliver: (code: string) => Promise<void>,
      now = Date.now(),
    ): Promise<{ resendAfter: number }> {
      const target = req.target.toLowerCase();
      const last = await db
        .selectFrom('verification_codes')
        .select(['created_at'])
        .where('purpose', '=', req.purpose)
        .where('target', '=', target)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (last && now - last.created_at < RESEND_AFTER_MS) {
        const wait = Math.ceil((RESEND_AFTER_MS - (now - last.created_at)) / 1000);
        throw businessError('CODE_TOO_SOON', `验证码已发送，请 ${wait} 秒后再试`, { wait });
      }
      const hour = await db
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('target', '=', target)
        .where('created_at', '>', now - 3600_000)
        .executeTakeFirstOrThrow();
      if (Number(hour.n) >= MAX_PER_HOUR)
        throw businessError('CODE_TOO_SOON', '该号码获取验证码次数过多，请 1 小时后再试');

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('purpose', '=', req.purpose)
        .where('target', '=', target)
        .where('used_at', 'is', null)
        .execute();
      const row = await db
        .insertInto('verification_codes')
        .values({
          purpose: req.purpose,
          channel: req.channel,
          target,
          user_id: req.userId,
          code_hash: hashOf(req.purpose, target, code),
          attempts: 0,
          ip: req.ip,
          expires_at: now + CODE_TTL_MS,
          used_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await deliver(code);
      } catch (err) {
        // Void it, but keep the row: the resend limit still counts the attempt.
        await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', row.id).execute();
        throw err;
      }
      return { resendAfter: RESEND_AFTER_MS / 1000 };
    },

    /** Consumes the live code for (purpose, target) when it matches, else throws the reason. */
    async consume(
      purpose: CodePurpose,
      targetIn: string,
      code: string,
      userId: number | null,
      now = Date.now(),
    ): Promise<void> {
      const target = targetIn.toLowerCase();
      const row = await db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at', 'user_id'])
        .where('purpose', '=', purpose)
        .where('target', '=', target)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row || row.used_at !== null || row.expires_at <= now || (userId !== null && row.user_id !== userId)) {
        throw businessError('CODE_EXPIRED');
      }
      if (!safeEqual(row.code_hash, hashOf(purpose, target, code))) {
        // Counted in SQL, so parallel guesses cannot share one try.
        const counted = await db
          .updateTable('verification_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .returning('attempts')
          .executeTakeFirst();
        if (!counted) throw businessError('CODE_EXPIRED');
        const tries = Number(counted.attempts);
        if (tries >= MAX_TRIES)
          await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', row.id).execute();
        if (tries >= MAX_TRIES) throw businessError('CODE_VOIDED');
        throw businessError('CODE_WRONG', `验证码错误，还可尝试 ${MAX_TRIES - tries} 次`);
      }
      const used = await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw businessError('CODE_EXPIRED');
    },
  };
}
export type VerificationCodes = ReturnType<typeof verificationCodes>;
