import type { GatewayName } from '@kapu/contract';
import { alipay } from './alipay.js';
import { epayV1 } from './epay-v1.js';
import { epayV2 } from './epay-v2.js';
import type { Gateway } from './gateway.js';
import { sandbox } from './sandbox.js';
import { wechatV3 } from './wechat-v3.js';

/** The protocol gateways by name. `balance` is not a protocol: the service pays it in one transaction. */
export const GATEWAY_REGISTRY: Partial<Record<GatewayName, Gateway>> = {
  sandbox,
  epay_v1: epayV1,
  epay_v2: epayV2,
  alipay,
  wechat_v3: wechatV3,
};

export function gatewayOf(name: string): Gateway | undefined {
  return GATEWAY_REGISTRY[name as GatewayName];
}

export * from './gateway.js';
