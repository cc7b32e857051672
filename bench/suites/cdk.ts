import { performance } from 'node:perf_hooks';
import { adminToken, call, startServer } from '../../e2e/support/server.js';
import { rssMb, withFreshPostgres } from '../support.js';

const COUNT = 100_000;

/**
 * Redemption codes (decision 0012): one admin batch of 100,000 codes through the real API — the codes
 * drawn, hashed (HMAC-SHA256 each), written in chunks of 1,000 in one transaction, and answered as
 * the one-time CSV — timed from the request to the last byte of the answer; then one code of it is
 * redeemed, so the batch is known to be usable. Target: under 10 s.
 */
async function batches(env: Record<string, string>, dialect: string): Promise<string> {
  const server = await startServer(env);
  try {
    const admin = await adminToken(server);
    const A = `/${server.adminPath}`;
    const runs: Array<{ seconds: number; bytes: number }> = [];
    let firstCode = '';
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await call(
        server,
        `${A}/cdk/generate`,
        { name: `bench-${i}`, kind: 'balance', amount: '1', count: String(COUNT) },
        admin,
      );
      const seconds = (performance.now() - started) / 1000;
      if (res.code !== 1000) throw new Error(`generate: ${res.code} ${res.msg}`);
      const file = res.data!.file as { count: number; content: string };
      if (file.count !== COUNT) throw new Error(`generated ${file.count}`);
      firstCode ||= file.content
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]!
        .split(',')[0]!;
      runs.push({ seconds, bytes: Buffer.byteLength(file.content) });
    }
    const check = await call(server, '/cdk/check', { code: firstCode });
    if (check.code !== 1000) throw new Error(`check: ${check.code} ${check.msg}`);
    const rss = rssMb(server.pid);
    const rows = runs
      .map(
        (r, i) =>
          `| ${i + 1} | ${COUNT.toLocaleString('en')} | ${r.seconds.toFixed(2)} s | ${(r.bytes / 2 ** 20).toFixed(1)} MiB |`,
      )
      .join('\n');
    return [
      `### Redemption codes: one admin batch of 100,000 codes (\`npm run bench -- cdk${dialect === 'SQLite' ? '' : '-pg'}\`, ${dialect})`,
      '',
      '| run | codes | request → whole answer | CSV |',
      '|---|---|---|---|',
      rows,
      '',
      `Server RSS after three batches (300,000 codes): ${rss} MiB. Target: under 10 s per batch.`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

export const runCdk = () => batches({}, 'SQLite');
export const runCdkPostgres = () => withFreshPostgres((url) => batches({ DATABASE_URL: url }, 'PostgreSQL'));
