import { createHash } from 'node:crypto';

/**
 * acg-faka's `Str::generateSignature($data, $appKey)` (decision 0015), as its SharedValidation
 * interceptor checks every `/shared/...` call: drop `sign`, sort by key (PHP ksort: numeric keys as
 * numbers, others bytewise), drop empty-string values, md5 (lower-case hex) of
 * `urldecode(http_build_query($data) . "&key=" . $appKey)` — i.e. of the raw `k=v&…&key=` and the
 * key as urldecode reads it. The docking driver (drivers/acg-faka.ts) signs the same way; both are
 * checked against the same hand-computed vectors.
 */
export function acgSignature(data: Readonly<Record<string, string>>, appKey: string): string {
  const numeric = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
  const keys = Object.keys(data)
    .filter((k) => k !== 'sign' && data[k] !== '')
    .sort((a, b) =>
      numeric.test(a) && numeric.test(b) ? Number(a) - Number(b) : Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
  const query = keys.map((k) => `${k}=${data[k]}`).join('&');
  return createHash('md5')
    .update(`${query}&key=${urlDecode(appKey)}`, 'utf8')
    .digest('hex');
}

/** PHP's urldecode: `+` is a space, `%XX` a byte, anything else as it is. */
function urlDecode(text: string): string {
  const raw = Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const hex = i + 2 < raw.length ? String.fromCharCode(raw[i + 1]!, raw[i + 2]!) : '';
    if (raw[i] === 0x2b) out.push(0x20);
    else if (raw[i] === 0x25 && /^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(raw[i]!);
  }
  return Buffer.from(out).toString('utf8');
}
