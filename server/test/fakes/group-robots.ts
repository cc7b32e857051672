import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Group robot webhooks on loopback, as their providers speak them:
 * 企业微信 POST /cgi-bin/webhook/send?key=… ({errcode:0,errmsg:'ok'}; 93000 for a wrong key) and
 * 钉钉 POST /robot/send?access_token=…&timestamp=…&sign=… with the 加签 check
 * (base64 HMAC-SHA256 of `${timestamp}\n${secret}`; 310000 when it does not match or is over an hour old).
 */
export interface RobotPost {
  kind: 'wecom' | 'dingtalk';
  text: string;
}

export async function startGroupRobots(opts: { wecomKey: string; dingToken: string; dingSecret: string }) {
  const posts: RobotPost[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const answer = (payload: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      let json: { msgtype?: string; text?: { content?: string } } = {};
      try {
        json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof json;
      } catch {
        return answer({ errcode: 40001, errmsg: 'invalid json' });
      }
      if (failures > 0) {
        failures--;
        return answer({ errcode: -1, errmsg: 'system busy' });
      }
      if (json.msgtype !== 'text' || !json.text?.content)
        return answer({ errcode: 40008, errmsg: 'invalid message type' });
      if (url.pathname === '/cgi-bin/webhook/send') {
        if (url.searchParams.get('key') !== opts.wecomKey)
          return answer({ errcode: 93000, errmsg: 'invalid webhook url' });
        posts.push({ kind: 'wecom', text: json.text.content });
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/robot/send') {
        if (url.searchParams.get('access_token') !== opts.dingToken)
          return answer({ errcode: 300001, errmsg: 'token is not exist' });
        const timestamp = Number(url.searchParams.get('timestamp'));
        const sign = url.searchParams.get('sign') ?? '';
        const expected = createHmac('sha256', opts.dingSecret)
          .update(`${timestamp}\n${opts.dingSecret}`)
          .digest('base64');
        if (sign !== expected || Math.abs(Date.now() - timestamp) > 3_600_000)
          return answer({ errcode: 310000, errmsg: 'sign not match' });
        posts.push({ kind: 'dingtalk', text: json.text.content });
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    wecomUrl: (key = opts.wecomKey) => `${base}/cgi-bin/webhook/send?key=${key}`,
    dingUrl: (token = opts.dingToken) => `${base}/robot/send?access_token=${token}`,
    posts,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
