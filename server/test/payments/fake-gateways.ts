import { createCipheriv, createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Fake payment gateways on loopback that speak the real protocols and sign like the real
 * ones (PAYMENTS.md rule 5). Each test starts its own; nothing reaches the internet.
 */
export interface FakeServer {
  url: string;
  requests: Array<{
    method: string;
    path: string;
    query: URLSearchParams;
    body: string;
    headers: IncomingMessage['headers'];
  }>;
  close(): Promise<void>;
}

type Handler = (
  req: { method: string; path: string; query: URLSearchParams; body: string; headers: IncomingMessage['headers'] },
  res: ServerResponse,
) => void;

export async function startFake(handler: Handler): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const entry = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      };
      requests.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function json(res: ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

export function canonical(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** 易支付 V1 notify fields signed with a merchant key. */
export function epayV1Notify(key: string, fields: Record<string, string>): Record<string, string> {
  const p = { trade_status: 'TRADE_SUCCESS', type: 'alipay', name: '商品', ...fields };
  return { ...p, sign: md5(canonical(p) + key), sign_type: 'MD5' };
}

export function rsaKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    /** bare base64 as gateway consoles hand them out */
    publicBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privatePkcs1Base64: privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  };
}
export type Keys = ReturnType<typeof rsaKeys>;

export function rsaSign(text: string, privatePem: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privatePem, 'base64');
}

/** 易支付 V2: fields + timestamp signed SHA256withRSA with the platform key. */
export function epayV2Signed(
  platform: Keys,
  fields: Record<string, string>,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const p = { ...fields, timestamp: String(timestamp) };
  return { ...p, sign: rsaSign(canonical(p), platform.privatePem), sign_type: 'RSA' };
}

/** Alipay: a JSON answer whose `sign` covers the response object's exact text. */
export function alipayAnswer(method: string, inner: Record<string, unknown>, alipayKeys: Keys): string {
  const key = `${method.replaceAll('.', '_')}_response`;
  const innerText = JSON.stringify(inner);
  return `{"${key}":${innerText},"sign":"${rsaSign(innerText, alipayKeys.privatePem)}"}`;
}

/** Alipay async notify: every field but sign/sign_type, sorted, signed RSA2. */
export function alipayNotify(alipayKeys: Keys, fields: Record<string, string>): Record<string, string> {
  const p = {
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(8).toString('hex'),
    charset: 'utf-8',
    version: '1.0',
    ...fields,
  };
  return { ...p, sign: rsaSign(canonical(p), alipayKeys.privatePem), sign_type: 'RSA2' };
}

/** WeChat v3 signature headers over a body, signed with the platform key. */
export function wechatHeaders(platform: Keys, body: string, serial = 'PUB_KEY_ID_TEST'): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(`${ts}\n${nonce}\n${body}\n`, platform.privatePem),
    'wechatpay-serial': serial,
  };
}

/** A WeChat v3 notify body: the transaction encrypted with the API v3 key (AES-256-GCM). */
export function wechatNotifyBody(apiV3Key: string, tx: Record<string, unknown>): string {
  const nonce = randomBytes(6).toString('hex');
  const aad = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(JSON.stringify(tx), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ct.toString('base64'),
      associated_data: aad,
      nonce,
    },
  });
}
