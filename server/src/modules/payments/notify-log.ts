import type { Db } from '../../core/db/connect.js';
import type { SettingsStore } from '../../core/settings.js';

/** Values and raw bodies kept per notify: enough to see what a gateway sent, never megabytes. */
const MAX_KEYS = 40;
const MAX_VALUE = 300;
const MAX_RAW_BODY = 2000;

function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}…（已截断，原长 ${value.length} 字符）`;
}

/**
 * The stored form of a notify: valid JSON whatever arrived (each value cut, not the JSON text,
 * so it always reads back), at most ~14 KB.
 */
export function storedNotifyParams(params: Record<string, string>, rawBody?: string): string {
  const entries = Object.entries(params);
  const kept: Record<string, string> = Object.fromEntries(
    entries.slice(0, MAX_KEYS).map(([k, v]) => [cut(k, 64), cut(v, MAX_VALUE)]),
  );
  if (entries.length > MAX_KEYS) kept['…'] = `另有 ${entries.length - MAX_KEYS} 个字段未保存`;
  if (rawBody && entries.length === 0) kept.body = cut(rawBody, MAX_RAW_BODY);
  return JSON.stringify(kept);
}

/** A stored row read back: parsed when it parses (old rows may have been cut mid-JSON), else the raw text. */
export function readNotifyParams(stored: string): unknown {
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return { raw: stored.slice(0, MAX_RAW_BODY * 2), 说明: '该记录不是完整的 JSON（旧版本截断），按原文显示' };
  }
}

export const NotifyLogKeys = { days: 'payments.notify_log_days', maxRows: 'payments.notify_log_max_rows' } as const;

export interface NotifyLogRetention {
  /** Rows older than this many days are deleted. */
  days: number;
  /** At most this many rows are kept (the newest). */
  maxRows: number;
}

export function notifyLogRetention(settings: SettingsStore): NotifyLogRetention {
  const num = (key: string, fallback: number, min: number, max: number) => {
    const n = Number(settings.get(key));
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  return { days: num(NotifyLogKeys.days, 30, 1, 3650), maxRows: num(NotifyLogKeys.maxRows, 100_000, 1000, 10_000_000) };
}

/** Deletes notifies older than the retention, then all but the newest `maxRows`; answers rows deleted. */
export async function pruneNotifyLogs(db: Db, retention: NotifyLogRetention, now = Date.now()): Promise<number> {
  const old = await db
    .deleteFrom('notify_logs')
    .where('created_at', '<', now - retention.days * 86_400_000)
    .executeTakeFirst();
  const cutoff = await db
    .selectFrom('notify_logs')
    .select('id')
    .orderBy('id', 'desc')
    .offset(retention.maxRows)
    .limit(1)
    .executeTakeFirst();
  const extra = cutoff ? await db.deleteFrom('notify_logs').where('id', '<=', cutoff.id).executeTakeFirst() : undefined;
  return Number(old.numDeletedRows) + Number(extra?.numDeletedRows ?? 0);
}
