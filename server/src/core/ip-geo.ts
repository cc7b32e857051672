import { createRequire } from 'node:module';

// ip2region is CommonJS with an `exports.default` class; require gives that shape directly.
const { default: IP2Region } = createRequire(import.meta.url)('ip2region') as typeof import('ip2region');

// The offline ip2region database ships inside the package: no network, ~10 MB in memory.
let searcher: InstanceType<typeof IP2Region> | undefined;

/** A Chinese place name for an IP ("广东省深圳市 电信"), or a plain label when unknown. */
export function addressOf(ip: string): string {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (plain === '127.0.0.1' || plain === '::1') return '本机地址';
  try {
    searcher ??= new IP2Region();
    const hit = searcher.search(plain);
    if (!hit) return '未知地区';
    if (hit.city === '内网IP' || hit.isp === '内网IP') return '局域网';
    const place = [hit.country === '中国' ? '' : hit.country, hit.province, hit.city].filter(Boolean).join('');
    const text = [place || hit.country, hit.isp].filter(Boolean).join(' ');
    return text || '未知地区';
  } catch {
    return '未知地区';
  }
}
