import type { FastifyServerOptions } from 'fastify';

/** Paths pino blanks out: credentials and secrets never reach the logs. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.salePwd',
  '*.secret',
  '*.appSecret',
  '*.token',
  '*.authCode',
  '*.code',
  '*.captcha',
  '*.newSalePwd',
  '*.pass',
  '*.accessKeySecret',
  '*.totp',
  '*.idNo',
];

/** `stream`: where lines go instead of stdout (tests read them). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACT_PATHS, censor: '[已隐藏]' }, ...(stream ? { stream } : {}) };
}
