import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isReservedAddress } from '../../core/outbound.js';

/**
 * Site owners type the address Kapu's server calls for their own gateway accounts (易支付's base
 * URL, Alipay's gateway): unlike staff they are not trusted with the server's network, so such an
 * address must name a public host (decision 0010). Checked when the account is saved and again
 * before each server-side call (the name may be pointed elsewhere later).
 */
export { isReservedAddress };

/** The fields of each gateway that name an address the server calls. */
export const ENDPOINT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  epay_v1: ['baseUrl'],
  epay_v2: ['baseUrl'],
  alipay: ['gateway'],
};

/** Why the server must not call `url` for a site owner, in Chinese; null when it may. */
export async function endpointProblem(url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '接口地址须以 http:// 或 https:// 开头';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '接口地址须以 http:// 或 https:// 开头';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local'))
    return '接口地址不能指向本机或内网';
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `无法解析接口地址的域名：${host}`;
  }
  if (addresses.length === 0 || addresses.some(isReservedAddress)) return '接口地址不能指向内网、本机或保留地址';
  return null;
}

/** The first problem among a gateway config's addresses (empty ones are the gateway's default). */
export async function configEndpointProblem(gateway: string, config: Record<string, string>): Promise<string | null> {
  for (const key of ENDPOINT_FIELDS[gateway] ?? []) {
    const value = (config[key] ?? '').trim();
    if (!value) continue;
    const problem = await endpointProblem(value);
    if (problem) return problem;
  }
  return null;
}
