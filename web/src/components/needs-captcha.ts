import type { Envelope } from '@/app/http/envelope';

/** Codes that mean "answer an image captcha next time": 1108 required, 1006 wrong/expired. */
export const CAPTCHA_CODES = [1108, 1006];

/** Whether a failed login answer asks for the captcha (code 1108/1006 or data.captchaRequired). */
export function needsCaptcha(answer: Pick<Envelope<unknown>, 'code' | 'data'>): boolean {
  if (CAPTCHA_CODES.includes(answer.code)) return true;
  const data = answer.data;
  return (
    !!data &&
    typeof data === 'object' &&
    'captchaRequired' in data &&
    (data as { captchaRequired: unknown }).captchaRequired === true
  );
}
