import { lookup } from 'node:dns/promises';
import {
  PLATFORM_ONLY_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMIT_MEMBER,
  WEBHOOK_LIMIT_PLATFORM,
  WebhookEventGroups,
  WebhookEventLabels,
  type WebhookEvent,
  type WebhookSaveInput,
  type WebhookSecretView,
  type WebhookView,
  type WebhooksView,
} from '@kapu/contract';
import { isIP } from 'node:net';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { isReservedAddress, urlProblem } from '../../core/outbound.js';
import { formatDateTime } from '../../core/time.js';
import type { SecretBox } from '../verification/index.js';
import { newWebhookSecret } from './signing.js';
import type { WebhookSubscriptionsTable } from './tables.js';

/** Writes the admin call's audit row in the change's transaction (platform subscriptions only). */
export type Audit = (trx: Db, id: number) => Promise<void>;

/** Whose subscriptions: a member's id, or null for the platform's (staff). */
export type WebhookOwner = number | null;

type Row = Pick<
  WebhookSubscriptionsTable,
  'name' | 'url' | 'events' | 'enabled' | 'secret_hint' | 'created_at' | 'updated_at' | 'user_id'
> & { id: number };

export function parseEvents(text: string): WebhookEvent[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((e): e is WebhookEvent => WEBHOOK_EVENTS.includes(e)) : [];
  } catch {
    return [];
  }
}

export function webhookView(r: Row, timeZone: string): WebhookView {
  return {
    id: Number(r.id),
    name: r.name,
    url: r.url,
    events: parseEvents(r.events),
    enabled: Number(r.enabled) === 1,
    secretHint: r.secret_hint,
    createdAt: formatDateTime(Number(r.created_at), timeZone),
    updatedAt: formatDateTime(Number(r.updated_at), timeZone),
  };
}

/** The events an owner may choose: members all but the platform's stock. */
export function eventsFor(owner: WebhookOwner): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((e) => owner === null || !PLATFORM_ONLY_WEBHOOK_EVENTS.includes(e));
}

const ownedBy = (owner: WebhookOwner) => (owner === null ? ('is' as const) : ('=' as const));

/** One subscription of the owner, or WEBHOOK_NOT_FOUND (another member's is "not found" too). */
export async function subscriptionOf(db: Db, owner: WebhookOwner, id: number) {
  const row = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', ownedBy(owner), owner)
    .executeTakeFirst();
  if (!row) throw businessError('WEBHOOK_NOT_FOUND');
  return { ...row, id: Number(row.id) };
}

export async function listSubscriptions(db: Db, owner: WebhookOwner, timeZone: string): Promise<WebhooksView> {
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('user_id', ownedBy(owner), owner)
    .orderBy('id')
    .execute();
  const allowed = new Set(eventsFor(owner));
  return {
    list: rows.map((r) => webhookView({ ...r, id: Number(r.id) }, timeZone)),
    groups: WebhookEventGroups.map((g) => ({
      label: g.label,
      events: g.events.filter((e) => allowed.has(e)).map((type) => ({ type, label: WebhookEventLabels[type] })),
    })).filter((g) => g.events.length > 0),
    limit: owner === null ? WEBHOOK_LIMIT_PLATFORM : WEBHOOK_LIMIT_MEMBER,
  };
}

/**
 * The address a subscription may have: an http(s) URL without credentials; a member's (untrusted)
 * must name a public host unless the deployment allows any (OUTBOUND_HOSTS=any). Checked again
 * when each request connects (core/outbound.ts), so a name that later resolves inside is refused then.
 */
export async function checkUrl(url: string, trusted: boolean, hosts: 'public' | 'any'): Promise<string> {
  const problem = urlProblem(url);
  if (problem) throw businessError('WEBHOOK_URL_INVALID', `回调地址不正确：${problem}`);
  const parsed = new URL(url.trim());
  if (trusted || hosts === 'any') return parsed.toString();
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isReservedAddress(host)) throw businessError('WEBHOOK_URL_PRIVATE');
    return parsed.toString();
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.'))
    throw businessError('WEBHOOK_URL_PRIVATE');
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw businessError('WEBHOOK_URL_UNRESOLVED');
  }
  if (addresses.length === 0) throw businessError('WEBHOOK_URL_UNRESOLVED');
  if (addresses.some((a) => isReservedAddress(a.address))) throw businessError('WEBHOOK_URL_PRIVATE');
  return parsed.toString();
}

/**
 * Creates (answering the new secret, this one time) or edits (URL, name, events, enabled; the
 * secret stays) a subscription. Everything is checked before anything is written.
 */
export async function saveSubscription(
  db: Db,
  box: SecretBox,
  owner: WebhookOwner,
  input: WebhookSaveInput,
  opts: { hosts: 'public' | 'any'; timeZone: string; now?: number; audit?: Audit },
): Promise<WebhookSecretView | WebhookView> {
  const allowed = new Set(eventsFor(owner));
  const unknown = input.events.find((e) => !allowed.has(e));
  if (unknown) throw businessError('WEBHOOK_EVENT_UNKNOWN', `不能订阅这种事件：${WebhookEventLabels[unknown]}`);
  const url = await checkUrl(input.url, owner === null, opts.hosts);
  const events = JSON.stringify(WEBHOOK_EVENTS.filter((e) => input.events.includes(e)));
  const now = opts.now ?? Date.now();
  const name = input.name ?? '';
  if (input.id !== undefined) {
    const id = input.id;
    await subscriptionOf(db, owner, id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_subscriptions')
        .set({ name, url, events, enabled: input.enabled ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
      await opts.audit?.(trx, id);
    });
    return webhookView({ ...(await subscriptionOf(db, owner, id)) }, opts.timeZone);
  }
  const limit = owner === null ? WEBHOOK_LIMIT_PLATFORM : WEBHOOK_LIMIT_MEMBER;
  const secret = newWebhookSecret();
  const row = await db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', ownedBy(owner), owner)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= limit)
      throw businessError('WEBHOOK_TOO_MANY', `Webhook 最多 ${limit} 个，请先删除不用的再添加`);
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        user_id: owner,
        name,
        url,
        events,
        enabled: input.enabled ? 1 : 0,
        secret_enc: box.seal(secret),
        secret_hint: secret.slice(-4),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await opts.audit?.(trx, Number(row.id));
    return row;
  });
  return { webhook: webhookView({ ...row, id: Number(row.id) }, opts.timeZone), secret };
}

export async function toggleSubscription(
  db: Db,
  owner: WebhookOwner,
  id: number,
  enabled: boolean,
  audit?: Audit,
): Promise<void> {
  await subscriptionOf(db, owner, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_subscriptions')
      .set({ enabled: enabled ? 1 : 0, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    await audit?.(trx, id);
  });
}

/** A new secret replaces the old at once (the old one signs nothing more); answered this one time. */
export async function rotateSecret(
  db: Db,
  box: SecretBox,
  owner: WebhookOwner,
  id: number,
  timeZone: string,
  audit?: Audit,
): Promise<WebhookSecretView> {
  await subscriptionOf(db, owner, id);
  const secret = newWebhookSecret();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_subscriptions')
      .set({ secret_enc: box.seal(secret), secret_hint: secret.slice(-4), updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    await audit?.(trx, id);
  });
  return { webhook: webhookView(await subscriptionOf(db, owner, id), timeZone), secret };
}

/** Deletes a subscription with its delivery log; its pending deliveries' jobs then find nothing to send. */
export async function deleteSubscription(db: Db, owner: WebhookOwner, id: number, audit?: Audit): Promise<void> {
  await subscriptionOf(db, owner, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('webhook_attempts')
      .where('delivery_id', 'in', trx.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', id))
      .execute();
    await trx.deleteFrom('webhook_deliveries').where('subscription_id', '=', id).execute();
    await trx.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
    await audit?.(trx, id);
  });
}

/** Event types at least one enabled subscription listens to (the consumers' `when`). */
export async function listenedEventTypes(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('webhook_subscriptions').select('events').where('enabled', '=', 1).execute();
  return new Set(rows.flatMap((r) => parseEvents(r.events)));
}
