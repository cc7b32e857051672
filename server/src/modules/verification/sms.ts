import { createHash, createHmac, randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { businessError } from '../../core/errors.js';
import type { SettingsStore } from '../../core/settings.js';
import type { SecretBox } from './secret-box.js';

export const SMS_SETTING = 'sms.config';

export interface SmsSettings {
  provider: 'log' | 'aliyun' | 'tencent';
  accessKeyId: string;
  /** SecretBox of the access key secret. */
  secretEnc: string;
  signName: string;
  templateCode: string;
  /** Tencent Cloud: the SMS app id; region (ap-guangzhou). */
  sdkAppId: string;
  region: string;
  /** Overrides the provider's public endpoint (private gateways, tests). */
  endpoint?: string;
}

/** One interface for every SMS provider: send a verification code to a mainland mobile. */
export interface SmsSender {
  sendCode(mobile: string, code: string): Promise<void>;
}

export function readSms(settings: SettingsStore): SmsSettings | null {
  const raw = settings.get(SMS_SETTING);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SmsSettings;
  } catch {
    return null;
  }
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Aliyun RPC signature (SignatureVersion 1.0, HMAC-SHA1) over the sorted query. */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

function aliyunSender(s: SmsSettings, secret: string): SmsSender {
  const endpoint = s.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
  return {
    async sendCode(mobile, code) {
      const params: Record<string, string> = {
        AccessKeyId: s.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: mobile,
        RegionId: s.region || 'cn-hangzhou',
        SignName: s.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: s.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const query = new URLSearchParams({ ...params, Signature: aliyunSignature(params, secret) });
      const res = await fetch(`${endpoint}?${query.toString()}`, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (body.Code !== 'OK') throw new Error(`aliyun sms: ${body.Code ?? res.status} ${body.Message ?? ''}`);
    },
  };
}

const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');
const hmac = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest();

/** Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) for one JSON POST. */
export function tencentAuthorization(opts: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
  service: string;
}): string {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${opts.host}\n`,
    'content-type;host',
    sha256hex(opts.payload),
  ].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256hex(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), opts.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

function tencentSender(s: SmsSettings, secret: string): SmsSender {
  const endpoint = new URL(s.endpoint ?? 'https://sms.tencentcloudapi.com/');
  return {
    async sendCode(mobile, code) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: s.sdkAppId,
        SignName: s.signName,
        TemplateId: s.templateCode,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await fetch(endpoint, {
        method: 'POST',
        body: payload,
        signal: AbortSignal.timeout(10_000),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          authorization: tencentAuthorization({
            secretId: s.accessKeyId,
            secretKey: secret,
            host: endpoint.host,
            payload,
            timestamp,
            service: 'sms',
          }),
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': s.region || 'ap-guangzhou',
        },
      });
      const body = (await res.json().catch(() => ({}))) as {
        Response?: {
          Error?: { Code: string; Message: string };
          SendStatusSet?: Array<{ Code: string; Message: string }>;
        };
      };
      const err = body.Response?.Error;
      const status = body.Response?.SendStatusSet?.[0];
      if (err || status?.Code !== 'Ok')
        throw new Error(
          `tencent sms: ${err?.Code ?? status?.Code ?? res.status} ${err?.Message ?? status?.Message ?? ''}`,
        );
    },
  };
}

/**
 * The configured sender. The 'log' provider is for development only: it appends the message
 * to DATA_DIR/dev-sms.txt (never to the server log), and production refuses it.
 */
export function smsSender(
  settings: SettingsStore,
  box: SecretBox,
  log: FastifyBaseLogger,
  production: boolean,
  dataDir: string,
): SmsSender {
  const s = readSms(settings);
  const devOutbox: SmsSender = {
    async sendCode(mobile, code) {
      await appendFile(path.join(dataDir, 'dev-sms.txt'), `${new Date().toISOString()} ${mobile} 验证码 ${code}\n`, {
        mode: 0o600,
      });
      log.info({ mobile }, '开发模式短信：已写入 dev-sms.txt');
    },
  };
  if (!s || s.provider === 'log') {
    if (production) throw businessError('SMS_NOT_CONFIGURED');
    return devOutbox;
  }
  const secret = s.secretEnc ? box.open(s.secretEnc) : '';
  return s.provider === 'aliyun' ? aliyunSender(s, secret) : tencentSender(s, secret);
}
