import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aliyunSignature, tencentAuthorization } from '../../src/modules/verification/index.js';

export interface SentSms {
  provider: 'aliyun' | 'tencent';
  mobile: string;
  code: string;
}

/**
 * A fake SMS provider on loopback speaking both Aliyun's RPC API and Tencent Cloud's API 3.0.
 * It checks each request's signature with the shared secret and keeps the messages.
 */
export async function startFakeSmsGateway(
  secret: string,
): Promise<{ url: string; sent: SentSms[]; failNext: () => void; close(): Promise<void> }> {
  const sent: SentSms[] = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET') {
        const params = Object.fromEntries(url.searchParams);
        const { Signature, ...rest } = params;
        if (fail || Signature !== aliyunSignature(rest, secret)) {
          fail = false;
          return res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
        }
        sent.push({
          provider: 'aliyun',
          mobile: params.PhoneNumbers,
          code: (JSON.parse(params.TemplateParam) as { code: string }).code,
        });
        return res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' }));
      }
      const payload = Buffer.concat(chunks).toString('utf8');
      const expected = tencentAuthorization({
        secretId: 'AKIDtest',
        secretKey: secret,
        host: String(req.headers.host),
        payload,
        timestamp: Number(req.headers['x-tc-timestamp']),
        service: 'sms',
      });
      if (fail || req.headers.authorization !== expected) {
        fail = false;
        return res.end(
          JSON.stringify({
            Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' }, RequestId: 'r' },
          }),
        );
      }
      const body = JSON.parse(payload) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
      sent.push({
        provider: 'tencent',
        mobile: body.PhoneNumberSet[0].replace(/^\+86/, ''),
        code: body.TemplateParamSet[0],
      });
      return res.end(
        JSON.stringify({ Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    sent,
    failNext: () => (fail = true),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
