import { randomBytes } from 'node:crypto';
import type { AlipaySdk } from 'alipay-sdk';
import { lazyModule } from '../../core/lazy-module.js';
import { privateKeyOf, publicKeyOf } from '../../core/rsa-keys.js';
import {
  ProviderError,
  type CertifyOutcome,
  type CertifyProvider,
  type CertifyStart,
  type CertifyUser,
} from './provider.js';

const alipaySdk = lazyModule<typeof import('alipay-sdk')>('alipay-sdk');

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayFaceConfig {
  appId: string;
  /** Plain PEM or bare base64 (PKCS#1 or PKCS#8); only ever held in memory. */
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

function sdkFor(c: AlipayFaceConfig): AlipaySdk {
  try {
    return new (alipaySdk().AlipaySdk)({
      appId: c.appId,
      privateKey: privateKeyOf(c.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: publicKeyOf(c.alipayPublicKey).export({ type: 'spki', format: 'pem' }).toString(),
      gateway: c.gateway.trim() || ALIPAY_GATEWAY,
      timeout: 10_000,
    });
  } catch {
    throw new ProviderError('支付宝密钥格式不正确');
  }
}

interface CertifyAnswer {
  code?: string;
  msg?: string;
  subMsg?: string;
  certifyId?: string;
  passed?: string;
}

/**
 * 支付宝身份验证 (alipay.user.certify.open.*) through the official SDK: initialize with the
 * member's name and ID number, hand the browser the signed certify page, then ask
 * `alipay.user.certify.open.query` for the outcome. Every answer's signature is checked.
 */
export class AlipayFaceProvider implements CertifyProvider {
  readonly name = 'alipay_face';
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly config: AlipayFaceConfig,
    private readonly returnUrl: string,
  ) {
    this.sdk = sdkFor(config);
  }

  private async exec(method: string, bizContent: Record<string, unknown>): Promise<CertifyAnswer> {
    try {
      return (await this.sdk.exec(method, { bizContent }, { validateSign: true })) as CertifyAnswer;
    } catch (err) {
      throw new ProviderError(`支付宝接口调用失败：${(err as Error).message}`.slice(0, 200));
    }
  }

  async start(user: CertifyUser, realName: string, idNumber: string): Promise<CertifyStart> {
    const outerOrderNo = `CERT${user.id}T${Date.now()}${randomBytes(3).toString('hex')}`;
    const r = await this.exec('alipay.user.certify.open.initialize', {
      outer_order_no: outerOrderNo,
      biz_code: 'FACE',
      identity_param: {
        identity_type: 'CERT_INFO',
        cert_type: 'IDENTITY_CARD',
        cert_name: realName,
        cert_no: idNumber,
      },
      merchant_config: { return_url: this.returnUrl },
    });
    if (r.code !== '10000' || !r.certifyId)
      throw new ProviderError(`支付宝认证初始化失败：${r.subMsg ?? r.msg ?? r.code ?? ''}`.slice(0, 200));
    const url = this.sdk.pageExec('alipay.user.certify.open.certify', 'GET', {
      bizContent: { certify_id: r.certifyId },
    });
    return { certifyId: r.certifyId, url };
  }

  async query(certifyId: string): Promise<CertifyOutcome> {
    const r = await this.exec('alipay.user.certify.open.query', { certify_id: certifyId });
    if (r.code !== '10000') return 'pending';
    if (r.passed === 'T') return 'passed';
    if (r.passed === 'F') return 'failed';
    return 'pending';
  }

  /** An async notify's signature (RSA2 over the sorted fields) and app id. */
  verifyNotify(params: Record<string, string>): boolean {
    try {
      return Boolean(params.sign) && this.sdk.checkNotifySign(params, true) && params.app_id === this.config.appId;
    } catch {
      return false;
    }
  }
}
