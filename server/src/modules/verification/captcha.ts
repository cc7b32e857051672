import type { CaptchaAnswer } from '@kapu/contract';
import { lazyModule } from '../../core/lazy-module.js';
import { randomToken, safeEqual, sha256 } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';

const svgCaptcha = lazyModule<typeof import('svg-captcha')>('svg-captcha');

const TTL_MS = 5 * 60_000;

function answerHash(id: string, answer: string): string {
  return sha256(`${id}:${answer.trim().toLowerCase()}`);
}

/** Stores a captcha answer (hashed) and returns its id; exported for tests that solve captchas. */
export async function storeCaptcha(db: Db, answer: string, now = Date.now()): Promise<string> {
  const id = randomToken(16);
  await db
    .insertInto('captchas')
    .values({ id, answer_hash: answerHash(id, answer), expires_at: now + TTL_MS, used_at: null, created_at: now })
    .execute();
  // Keep the table small: drop long-expired rows now and then.
  if (Math.random() < 0.05)
    await db
      .deleteFrom('captchas')
      .where('expires_at', '<', now - 3600_000)
      .execute();
  return id;
}

/** POST /user/captcha: a new picture; the answer is only stored hashed, for 5 minutes, one use. */
export async function createCaptcha(db: Db): Promise<CaptchaAnswer> {
  const picture = svgCaptcha().create({
    size: 4,
    ignoreChars: '0oO1ilIqg9',
    noise: 3,
    color: true,
    width: 120,
    height: 40,
  });
  return { captchaId: await storeCaptcha(db, picture.text), svg: picture.data };
}

/** True when the answer matches; the captcha is used up by any attempt, right or wrong. */
export async function checkCaptcha(
  db: Db,
  captchaId: string | undefined,
  answer: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!captchaId || !answer) return false;
  const row = await db.selectFrom('captchas').select(['answer_hash']).where('id', '=', captchaId).executeTakeFirst();
  if (!row) return false;
  const used = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', captchaId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  return safeEqual(row.answer_hash, answerHash(captchaId, answer));
}
