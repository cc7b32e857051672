import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests Kapu's server makes to addresses that people type: an upstream shop's API, a member's
 * order notify URL, a webhook subscription. Three dangers shape it:
 * - an address may point into the server's own network (SSRF): unless the caller is trusted (staff)
 *   or the deployment allows it (`OUTBOUND_HOSTS=any`: tests, private networks), every address the
 *   name resolves to must be public, checked when the connection is made (no rebinding window);
 * - an answer may never come, or trickle in slowly: one deadline covers connect, headers and body;
 * - an answer may be huge: the body is cut off at `maxBytes`.
 */

export class OutboundError extends Error {
  constructor(
    message: string,
    /** 'refused': the address may not be called; 'timeout'; 'network'; 'too-large'. */
    readonly kind: 'refused' | 'timeout' | 'network' | 'too-large',
  ) {
    super(message);
  }
}

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
  if (mapped) return RESERVED.check(mapped[1]!, 'ipv4');
  return RESERVED.check(address, 'ipv6');
}

const REFUSED_MSG = '地址不能指向内网、本机或保留地址';

/** Why `url` cannot be called at all (scheme, shape), in Chinese; null when it is a plain http(s) URL. */
export function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '地址须以 http:// 或 https:// 开头';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '地址须以 http:// 或 https:// 开头';
  if (parsed.username || parsed.password) return '地址中不能包含用户名或密码';
  return null;
}

/** A DNS lookup that fails when the name resolves to any reserved address (checked at connect time). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as LookupAddress[];
    if (list.length === 0 || list.some((a) => isReservedAddress(a.address))) {
      return callback(Object.assign(new Error(REFUSED_MSG), { code: 'KAPU_REFUSED' }), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** One deadline for connect, headers and the whole body (default 10 s). */
  timeoutMs?: number;
  /** The answer's body is refused beyond this many bytes (default 2 MiB). */
  maxBytes?: number;
  /** Staff-entered addresses may name private hosts; people's may not unless the deployment allows it. */
  trusted?: boolean;
  /** 'any' (OUTBOUND_HOSTS=any) lets untrusted addresses name private hosts too. */
  hosts?: 'public' | 'any';
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds from start to the last byte. */
  ms: number;
}

/** One HTTP request to a typed address, bounded in time and size; throws OutboundError. */
export function outboundRequest(url: string, req: OutboundRequest = {}): Promise<OutboundAnswer> {
  const problem = urlProblem(url);
  if (problem) return Promise.reject(new OutboundError(problem, 'refused'));
  const target = new URL(url.trim());
  const guarded = !req.trusted && (req.hosts ?? 'public') === 'public';
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (guarded && isIP(host) && isReservedAddress(host)) {
    return Promise.reject(new OutboundError(REFUSED_MSG, 'refused'));
  }
  const timeoutMs = req.timeoutMs ?? 10_000;
  const maxBytes = req.maxBytes ?? 2 * 1024 * 1024;
  const started = Date.now();
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let done = false;
    const finish = (err: OutboundError | null, answer?: OutboundAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) {
        request.destroy();
        reject(err);
      } else resolve(answer!);
    };
    const request = client.request(
      target,
      {
        method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
        headers: {
          'user-agent': 'Kapu/1.0',
          ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
        ...(guarded ? { lookup: publicOnlyLookup } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return finish(new OutboundError(`应答超过 ${maxBytes} 字节`, 'too-large'));
          chunks.push(chunk);
        });
        res.on('end', () =>
          finish(null, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Date.now() - started,
          }),
        );
        res.on('error', (err) => finish(new OutboundError(`连接中断：${err.message}`, 'network')));
      },
    );
    const timer = setTimeout(() => finish(new OutboundError(`${timeoutMs} 毫秒内未完成应答`, 'timeout')), timeoutMs);
    request.on('error', (err: Error & { code?: string }) =>
      finish(
        err.code === 'KAPU_REFUSED'
          ? new OutboundError(REFUSED_MSG, 'refused')
          : new OutboundError(`连接失败：${err.message}`, 'network'),
      ),
    );
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}
