import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';

// Liveness and readiness: /healthz only says the process runs; /readyz says whether to send it traffic.
describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.dispose().catch(() => undefined); // its database is closed below already
  });

  it('without Redis: ready, redis "off"', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', redis: 'off' });
    expect(t.app.isReservedPath('readyz')).toBe(true);
  });

  it('database gone: /readyz 503, /healthz still 200 (restarting would not help)', async () => {
    await t.deps.db.destroy();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'down', db: 'down' });
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
  });
});
