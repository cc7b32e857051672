import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake QQ/WeChat OAuth provider on loopback: `/token` trades a code it issued for an
 * access token and openid (checking the app secret), `/userinfo` answers a nickname.
 */
export async function startFakeOAuthProvider(appSecret: string) {
  const codes = new Map<string, string>(); // code -> openid
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/token') {
      const code = url.searchParams.get('code') ?? '';
      const secret = url.searchParams.get('client_secret') ?? url.searchParams.get('secret');
      const openid = codes.get(code);
      codes.delete(code);
      if (!openid || secret !== appSecret) return res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
      return res.end(JSON.stringify({ access_token: `at-${openid}`, expires_in: 7200, openid }));
    }
    if (url.pathname === '/userinfo')
      return res.end(JSON.stringify({ nickname: `昵称-${url.searchParams.get('openid')}` }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** What the provider does when the user agrees: a one-time code for this openid. */
    issueCode(openid: string) {
      const code = `c-${Math.random().toString(36).slice(2)}`;
      codes.set(code, openid);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
