import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Site owners type the address Kapu's server calls for their own gateway accounts (易支付's base
 * URL, Alipay's gateway): unlike staff they are not trusted with the server's network, so such an
 * address must name a public host (decision 0010). Checked when the account is saved and again
 * before each server-side call (the name may be pointed elsewhere later).
 */
const RESERVED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  RESERVED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  RESERVED.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local, shared, multicast and other non-public addresses. */
export function isReservedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return RESERVED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return RESERVED.check(mapped[1], 'ipv4');
  return RESERVED.check(address, 'ipv6');
}

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
