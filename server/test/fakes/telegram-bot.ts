import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Telegram Bot API server on loopback: POST /bot<token>/<method> with a JSON body, answering
 * {ok, result} or {ok:false, error_code, description} as api.telegram.org does. It knows getMe,
 * sendMessage and getUpdates (updates queued by the test, confirmed by a higher offset).
 */
export interface SentTelegram {
  chatId: string;
  text: string;
}

function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });
}

export async function startTelegramBot(token: string, username = 'kapu_test_bot') {
  const sent: SentTelegram[] = [];
  const updates: Array<{ update_id: number; message: unknown }> = [];
  let nextUpdate = 100;
  /** sendMessage answers 502 this many more times (a provider outage). */
  let failures = 0;
  const server = createServer((req, res) => {
    void body(req).then((json) => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (!m || req.method !== 'POST') return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (m[1] !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = m[2];
      if (method === 'getMe')
        return answer(200, { ok: true, result: { id: 42, is_bot: true, first_name: 'Kapu', username } });
      if (method === 'sendMessage') {
        if (failures > 0) {
          failures--;
          return answer(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
        }
        if (!json.chat_id || !json.text)
          return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        sent.push({ chatId: String(json.chat_id), text: String(json.text) });
        return answer(200, {
          ok: true,
          result: { message_id: sent.length, chat: { id: json.chat_id }, text: json.text },
        });
      }
      if (method === 'getUpdates') {
        const offset = Number(json.offset ?? 0);
        // Telegram forgets updates below the offset the bot confirmed.
        while (updates.length && updates[0].update_id < offset) updates.shift();
        return answer(200, { ok: true, result: [...updates] });
      }
      return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    sent,
    /** A private chat sends the bot a text. */
    say(chatId: number, text: string, username = 'buyer') {
      updates.push({
        update_id: nextUpdate++,
        message: {
          message_id: nextUpdate,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: { id: chatId, type: 'private', username, first_name: 'Buyer' },
        },
      });
    },
    failNext(n: number) {
      failures = n;
    },
    pending: () => updates.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
