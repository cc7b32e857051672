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

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Logger = Parameters<ChildFactory>[0];
/** A pino logger: it can tell whether a level is written (Fastify's stand-in for "no logging" cannot). */
type PinoLogger = Logger & { isLevelEnabled(level: string): boolean };

/**
 * Fastify gives every request a child logger bound to its id. With redaction on, pino builds a
 * child by passing each binding through its redacting stringifier, which parses every redacted
 * path again: about 5 KB of garbage per request (the order lookup's 63 KB allocation had this as
 * its third largest part), for a logger that logs nothing on most requests (production: warn
 * level, request lines off). This one builds the child at the first line written at an enabled
 * level, so a line carries the same bindings as before; below the level a call does nothing, as
 * pino's own disabled methods do.
 */
class LazyChildLogger {
  private real: Logger | undefined;
  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Parameters<ChildFactory>[1],
  ) {}
  private get logger(): Logger {
    return (this.real ??= this.parent.child(this.bindings));
  }
  get level(): string {
    return this.real?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  private write(level: LevelName, args: unknown[]): void {
    if (!this.real && !this.parent.isLevelEnabled(level)) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(...args: Parameters<Logger['child']>): Logger {
    return this.logger.child(...args);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger, built only when it writes (see LazyChildLogger). */
export const lazyChildLoggerFactory: ChildFactory = (logger, bindings, opts) => {
  // A route's own level, or no pino logger (logging off): the child as Fastify would build it.
  if (opts.level || typeof (logger as Partial<PinoLogger>).isLevelEnabled !== 'function') {
    return logger.child(bindings, opts);
  }
  return new LazyChildLogger(logger as PinoLogger, bindings) as unknown as Logger;
};
