import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { adminToken, call, REPO_ROOT, startServer, type RunningServer } from '../../e2e/support/server.js';
import { load, rssMb, table } from '../support.js';

/** Bytes of JavaScript the storefront `/` loads before any lazy route: entry + modulepreloads. */
export function storefrontInitialJs(): { files: string[]; raw: number; gzip: number } {
  const dist = path.join(REPO_ROOT, 'web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(dist, f.replace(/^\//, '')));
    raw += buf.length;
    gzip += gzipSync(buf).length;
  }
  return { files, raw, gzip };
}

/** A member session for the loads: registered through the API (register captcha switched off). */
export async function benchMemberToken(server: RunningServer, loginName = 'benchuser'): Promise<string> {
  await call(
    server,
    `/${server.adminPath}/settings/security`,
    { captchaAfter: '3', lockAfter: '10', lockMinutes: '15', registerCaptcha: '0' },
    await adminToken(server),
  );
  const reg = await call(server, '/user/register', { loginName, password: 'bench12345' });
  if (reg.code !== 1000) throw new Error(`bench member registration answered ${reg.code} ${reg.msg}`);
  return String(reg.data?.authCode ?? '');
}

export async function runFoundation(): Promise<string> {
  const server = await startServer();
  try {
    await new Promise((r) => setTimeout(r, 5000)); // let start-up settle: this is "idle"
    const idleRss = rssMb(server.pid);

    const token = await benchMemberToken(server);
    const check = await call(server, '/inside/inter/getAccount', {}, token);
    if (check.code !== 1000) throw new Error(`getAccount with the bench session answered ${check.code} ${check.msg}`);
    const rows = [
      await load('GET /inside/index (SPA page)', { url: `${server.baseUrl}/inside/index` }),
      await load('POST /inside/inter/getAccount (session)', {
        url: `${server.baseUrl}/inside/inter/getAccount`,
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      }),
    ];
    const afterRss = rssMb(server.pid);
    const js = storefrontInitialJs();
    return [
      '### Foundation',
      table(rows),
      '',
      `- Idle RSS of the server process 5 s after start-up: **${idleRss} MB** (target ≤ 150 MB); after the loads: ${afterRss} MB.`,
      `- Storefront \`/\` initial JavaScript: **${(js.gzip / 1024).toFixed(1)} KB gzip** (${(js.raw / 1024).toFixed(1)} KB raw, ${js.files.length} files; target ≤ 250 KB gzip).`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
