import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { md5, canonical } from '../payments/fake-gateways.js';
import { adminLogin, buildInstanceElsewhere, buildTestApp, type TestApp } from '../helper.js';

// Several instances given their keys by the environment only: data folders that start empty,
// one PostgreSQL database. Both the card key and the credentials key must agree (issue 16 #4).
const VARIABLES = ['KAPU_MASTER_KEY', 'CARD_KEY', 'SECRETS_KEY'] as const;
const saved = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));
const apps: TestApp[] = [];
const folders: string[] = [];

afterEach(async () => {
  while (apps.length) await apps.pop()!.dispose();
  for (const v of VARIABLES) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
});
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function emptyFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kapu-envkeys-'));
  folders.push(dir);
  return dir;
}

/** A card imported on A is read on B; a gateway key saved on A signs on B. */
async function expectSharedSecrets(a: TestApp, b: TestApp) {
  const tokenA = await adminLogin(a);
  const tokenB = await adminLogin(b);
  const A = `/${a.adminPath}`;
  const dir = await a.post(`${A}/catalog/saveDir`, { name: `密钥${randomBytes(2).toString('hex')}` }, tokenA);
  const goods = await a.post(
    `${A}/catalog/saveGoods`,
    { dirId: dir.json.data.id, name: '环境密钥卡', type: 'card', faceValue: '1', price: '1' },
    tokenA,
  );
  expect(
    (await a.post(`${A}/stock/import`, { goodsId: goods.json.data.id, text: 'ENV-KEY-CARD----pw' }, tokenA)).json.data
      .imported,
  ).toBe(1);
  const list = await b.post(`/${b.adminPath}/stock/list`, { goodsId: goods.json.data.id }, tokenB);
  expect(list.json.data.list.map((c: { card: string }) => c.card)).toEqual(['ENV-KEY-CARD']);

  const key = 'sharedGatewayKey2026';
  const saved = await a.post(
    `${A}/payments/saveAccount`,
    {
      gateway: 'epay_v1',
      name: '环境密钥',
      enabled: 1,
      config: JSON.stringify({ baseUrl: 'https://pay.example.com', pid: '7', key, type: 'alipay' }),
    },
    tokenA,
  );
  const test = await b.post(`/${b.adminPath}/payments/testAccount`, { id: saved.json.data.id }, tokenB);
  expect(test.json.code, test.json.msg).toBe(1000);
  const fields = test.json.data.handoff.fields as Record<string, string>;
  expect(fields.sign).toBe(md5(canonical(fields) + key));
}

describe('keys from the environment, two instances with empty data folders on PostgreSQL', () => {
  it('KAPU_MASTER_KEY: every key derived from it, no keys/ written', async () => {
    process.env.KAPU_MASTER_KEY = randomBytes(32).toString('base64');
    const first = await buildTestApp('postgres');
    apps.push(first);
    const second = await buildInstanceElsewhere(first, emptyFolder());
    apps.push(second);
    expect(first.config.dataDir).not.toBe(second.config.dataDir);
    await expectSharedSecrets(first, second);
    expect(existsSync(path.join(second.config.dataDir, 'keys'))).toBe(false);
  });

  it('CARD_KEY alone, as before: the other keys follow from it', async () => {
    process.env.CARD_KEY = randomBytes(32).toString('base64');
    const first = await buildTestApp('postgres');
    apps.push(first);
    const second = await buildInstanceElsewhere(first, emptyFolder());
    apps.push(second);
    await expectSharedSecrets(first, second);
  });

  it('an instance with other keys refuses to start, saying how to fix it', async () => {
    process.env.KAPU_MASTER_KEY = randomBytes(32).toString('base64');
    const first = await buildTestApp('postgres');
    apps.push(first);
    process.env.KAPU_MASTER_KEY = randomBytes(32).toString('base64');
    await expect(buildInstanceElsewhere(first, emptyFolder())).rejects.toThrow(/KAPU_MASTER_KEY/);
  });
});
