import { createHmac } from 'node:crypto';

/**
 * The HTTP APIs of the channels beyond the app, as their providers document them: Telegram's Bot
 * API (sendMessage, getUpdates, getMe), the 企业微信 group robot webhook and the 钉钉 custom robot
 * with its 加签 signature. Each throws a ProviderError with the provider's own words on refusal.
 */

export class ProviderError extends Error {
  constructor(
    message: string,
    /** False when retrying cannot help (a bad token, a chat that is gone). */
    readonly retry = true,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProviderError(`连接失败：${err instanceof Error ? err.message : String(err)}`);
  }
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError(`HTTP ${res.status}：${text.slice(0, 200)}`, res.status >= 500 || res.status === 429);
  }
  return Object.assign(json, { httpStatus: res.status });
}

// ---- Telegram Bot API ----

export interface TelegramBot {
  apiBase: string;
  token: string;
}
const tgUrl = (bot: TelegramBot, method: string) => `${bot.apiBase.replace(/\/+$/, '')}/bot${bot.token}/${method}`;

async function telegramCall<T>(bot: TelegramBot, method: string, body: unknown): Promise<T> {
  const json = await postJson(tgUrl(bot, method), body);
  if (json.ok !== true) {
    const code = Number(json.error_code ?? json.httpStatus);
    // 400 chat not found, 401 bad token, 403 blocked by the user: trying again will not help.
    throw new ProviderError(
      `Telegram ${code}：${String(json.description ?? '未知错误')}`,
      !(code >= 400 && code < 429),
    );
  }
  return json.result as T;
}

export function telegramGetMe(bot: TelegramBot): Promise<{ id: number; username: string; first_name: string }> {
  return telegramCall(bot, 'getMe', {});
}

export function telegramSend(bot: TelegramBot, chatId: string, text: string): Promise<unknown> {
  return telegramCall(bot, 'sendMessage', { chat_id: chatId, text, disable_web_page_preview: true });
}

export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; type: string; username?: string; first_name?: string; last_name?: string; title?: string };
  };
}

export function telegramUpdates(bot: TelegramBot, offset: number): Promise<TelegramUpdate[]> {
  return telegramCall(bot, 'getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
}

// ---- group robots ----

/** 企业微信 group robot: POST {msgtype:'text'} to its webhook (…/cgi-bin/webhook/send?key=…); errcode 0 is success. */
export async function wecomSend(url: string, text: string): Promise<void> {
  const json = await postJson(url, { msgtype: 'text', text: { content: text } });
  if (Number(json.errcode) !== 0)
    throw new ProviderError(
      `企业微信 ${String(json.errcode)}：${String(json.errmsg ?? '')}`,
      Number(json.errcode) === -1,
    );
}

/** 钉钉 加签: base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)), sent URL-encoded with the timestamp (ms). */
export function dingtalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

/** 钉钉 custom robot: POST {msgtype:'text'} to …/robot/send?access_token=…[&timestamp=&sign=]; errcode 0 is success. */
export async function dingtalkSend(url: string, secret: string | null, text: string, now = Date.now()): Promise<void> {
  let target = url;
  if (secret) {
    const sep = url.includes('?') ? '&' : '?';
    target = `${url}${sep}timestamp=${now}&sign=${encodeURIComponent(dingtalkSign(secret, now))}`;
  }
  const json = await postJson(target, { msgtype: 'text', text: { content: text } });
  if (Number(json.errcode) !== 0)
    throw new ProviderError(`钉钉 ${String(json.errcode)}：${String(json.errmsg ?? '')}`, Number(json.errcode) === -1);
}

/** The webhook address with its key / token hidden, for lists and logs. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) {
      const v = u.searchParams.get(key) ?? '';
      u.searchParams.set(key, v.length > 6 ? `${v.slice(0, 3)}***${v.slice(-3)}` : '***');
    }
    return decodeURI(u.toString());
  } catch {
    return '***';
  }
}
