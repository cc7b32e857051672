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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACT_PATHS, censor: '[已隐藏]' } };
}
