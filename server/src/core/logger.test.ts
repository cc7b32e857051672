import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory, loggerOptions } from './logger.js';

/** A pino logger as the app builds it (redaction on), writing its lines into an array. */
function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino(loggerOptions(level) as pino.LoggerOptions, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children++;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

const requestLogger = (logger: pino.Logger, opts: { level?: string } = {}) =>
  lazyChildLoggerFactory.call(undefined as never, logger as never, { reqId: 'req-7' }, opts, undefined as never);

describe('request loggers built only when they write', () => {
  it('below the level a call builds nothing and writes nothing', () => {
    const { logger, lines, children } = capture('warn');
    const log = requestLogger(logger);
    log.info({ action: 'x' }, 'quiet');
    log.debug('quieter');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('a line at the level carries the request id and is redacted as before; the child is built once', async () => {
    const { logger, lines, children } = capture('warn');
    const log = requestLogger(logger);
    log.error({ body: { password: 'hunter2', name: '张三' } }, 'failed');
    log.warn('again');
    await new Promise((r) => setImmediate(r));
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: 'req-7', msg: 'failed', body: { password: '[已隐藏]', name: '张三' } });
    expect(lines[1]).toMatchObject({ reqId: 'req-7', msg: 'again' });
  });

  it("a route's own level gets the child at once, with that level", () => {
    const { logger, lines, children } = capture('warn');
    const log = requestLogger(logger, { level: 'info' });
    expect(children()).toBe(1);
    log.info('heard');
    expect(lines[0]).toMatchObject({ reqId: 'req-7', msg: 'heard' });
  });
});
