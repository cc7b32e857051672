import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  OPENAPI_MAX_KEYS,
  OPENAPI_SCOPES,
  type OpenApiCallView,
  type OpenApiKeySecret,
  type OpenApiKeyView,
  type OpenApiScope,
  type Paged,
  type openApiCallListInput,
  type openApiKeyCreateInput,
  type openApiKeyUpdateInput,
  type z,
} from '@kapu/contract';
import { writeAudit } from '../../core/calls.js';
import type { ActorContext } from '../../core/context.js';
import { randomToken } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { urlProblem } from '../../core/outbound.js';
import { mapPage, fetchPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import {
  callerOf,
  defaultOpenApiKey,
  openApiCredentials as defaultKeyCredentials,
  requireSalePassword,
  setDefaultKeyNoSalePwd,
} from '../accounts/index.js';
import { secretBoxFor } from '../verification/index.js';
import { pushesInUse } from './notify-queue.js';

/** What the gateway and other modules (shared stores) need of a caller's key. */
export interface OpenApiCredentials {
  /** 0: the default key of the account settings. */
  keyId: number;
  userId: number;
  secret: string;
  enabled: boolean;
  ipAllowlist: string[];
  scopes: OpenApiScope[];
  /** The member opted in to orders through this key without the sale password (decision 0015). */
  noSalePwd: boolean;
}

/**
 * A caller's key by app id: one of the member's keys (decision 0014), or else the default key the
 * account settings manage (accounts' `open_api_keys`, every scope). Null when unknown or revoked.
 */
export async function openApiCredentials(deps: Deps, appId: string): Promise<OpenApiCredentials | null> {
  if (!appId || appId.length > 40) return null;
  const row = await deps.db
    .selectFrom('openapi_keys')
    .select(['id', 'user_id', 'secret_enc', 'enabled', 'ip_allowlist', 'scopes', 'revoked_at', 'no_sale_pwd'])
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (row) {
    if (row.revoked_at !== null) return null;
    return {
      keyId: Number(row.id),
      userId: Number(row.user_id),
      secret: secretBoxFor(deps.config.dataDir).open(row.secret_enc),
      enabled: row.enabled === 1,
      ipAllowlist: JSON.parse(row.ip_allowlist) as string[],
      scopes: JSON.parse(row.scopes) as OpenApiScope[],
      noSalePwd: row.no_sale_pwd === 1,
    };
  }
  const def = await defaultKeyCredentials(deps, appId);
  if (!def) return null;
  return {
    keyId: 0,
    userId: Number(def.userId),
    secret: def.appSecret,
    enabled: def.enabled,
    ipAllowlist: def.ipAllowlist,
    scopes: [...OPENAPI_SCOPES],
    noSalePwd: def.noSalePwd,
  };
}

/** Whether a client address may use a key (an empty list allows any; IPv4-mapped IPv6 compared as IPv4). */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return allowlist.includes(plain) || allowlist.includes(ip);
}

export function parseAllowlist(text: string | undefined): string[] {
  const list = (text ?? '')
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const ip of list)
    if (!isIP(ip)) throw businessError('BAD_INPUT', `IP 地址格式不正确：${ip.slice(0, 50)}`, { field: 'ipAllowlist' });
  if (list.length > 20) throw businessError('BAD_INPUT', 'IP 白名单最多 20 个', { field: 'ipAllowlist' });
  return [...new Set(list)];
}

/** A push or callback address: http(s) with a host; private hosts are refused when it is called. */
export function checkedUrl(url: string | undefined): string | null {
  const text = (url ?? '').trim();
  if (!text) return null;
  if (!/^https?:\/\//i.test(text) || urlProblem(text)) throw businessError('OPENAPI_NOTIFY_URL_INVALID');
  return text;
}

/** The member centre's key management (`/inside/openapi`): every read and write is the member's own. */
export function openApiKeys(deps: Deps) {
  const { db, config } = deps;
  const box = secretBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(Number(ms), config.timeZone) : '');

  async function ownKey(ctx: ActorContext, id: number) {
    const row = await db
      .selectFrom('openapi_keys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', ctx.actor.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw businessError('OPENAPI_KEY_NOT_FOUND');
    return row;
  }

  return {
    async list(
      ctx: ActorContext,
      defaultKey: { appId: string; enabled: boolean; ipAllowlist: string[]; noSalePwd: boolean } | null,
    ) {
      const rows = await db
        .selectFrom('openapi_keys')
        .selectAll()
        .where('user_id', '=', ctx.actor.id)
        .where('revoked_at', 'is', null)
        .orderBy('id')
        .execute();
      const appIds = [...rows.map((r) => r.app_id), ...(defaultKey ? [defaultKey.appId] : [])];
      const pushes = appIds.length
        ? await db.selectFrom('openapi_push_targets').select(['app_id', 'url']).where('app_id', 'in', appIds).execute()
        : [];
      const pushOf = new Map(pushes.map((p) => [p.app_id, p.url]));
      const lastUsed = appIds.length
        ? await db
            .selectFrom('openapi_calls')
            .select(['app_id', (eb) => eb.fn.max('created_at').as('at')])
            .where('user_id', '=', ctx.actor.id)
            .groupBy('app_id')
            .execute()
        : [];
      const usedAt = new Map(lastUsed.map((u) => [u.app_id, Number(u.at)]));
      const views: OpenApiKeyView[] = rows.map((r) => ({
        id: Number(r.id),
        appId: r.app_id,
        name: r.name,
        scopes: JSON.parse(r.scopes) as OpenApiScope[],
        ipAllowlist: JSON.parse(r.ip_allowlist) as string[],
        enabled: r.enabled === 1,
        isDefault: false,
        noSalePwd: r.no_sale_pwd === 1,
        pushUrl: pushOf.get(r.app_id) ?? '',
        createdAt: time(Number(r.created_at)),
        lastUsedAt: time(usedAt.get(r.app_id) ?? null),
      }));
      if (defaultKey)
        views.unshift({
          id: 0,
          appId: defaultKey.appId,
          name: '默认密钥',
          scopes: [...OPENAPI_SCOPES],
          ipAllowlist: defaultKey.ipAllowlist,
          enabled: defaultKey.enabled,
          isDefault: true,
          noSalePwd: defaultKey.noSalePwd,
          pushUrl: pushOf.get(defaultKey.appId) ?? '',
          createdAt: '',
          lastUsedAt: time(usedAt.get(defaultKey.appId) ?? null),
        });
      return views;
    },

    async create(ctx: ActorContext, input: z.output<typeof openApiKeyCreateInput>): Promise<OpenApiKeySecret> {
      const held = await db
        .selectFrom('openapi_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', ctx.actor.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= OPENAPI_MAX_KEYS) throw businessError('OPENAPI_KEY_LIMIT');
      const appSecret = randomToken(24);
      const appId = `kp${randomBytes(8).toString('hex')}`;
      const now = Date.now();
      const row = await db
        .insertInto('openapi_keys')
        .values({
          user_id: ctx.actor.id,
          app_id: appId,
          name: input.name,
          secret_enc: box.seal(appSecret),
          scopes: JSON.stringify(input.scopes),
          ip_allowlist: JSON.stringify(parseAllowlist(input.ipAllowlist)),
          enabled: 1,
          created_at: now,
          rotated_at: now,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), appId, appSecret };
    },

    async update(ctx: ActorContext, input: z.output<typeof openApiKeyUpdateInput>): Promise<void> {
      const key = await ownKey(ctx, input.id);
      const url = checkedUrl(input.pushUrl);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('openapi_keys')
          .set({
            name: input.name,
            scopes: JSON.stringify(input.scopes),
            ip_allowlist: JSON.stringify(parseAllowlist(input.ipAllowlist)),
          })
          .where('id', '=', key.id)
          .execute();
        await savePush(trx, key.app_id, ctx.actor.id, url);
      });
    },

    async setEnabled(ctx: ActorContext, id: number, enabled: boolean): Promise<void> {
      const key = await ownKey(ctx, id);
      await db
        .updateTable('openapi_keys')
        .set({ enabled: enabled ? 1 : 0 })
        .where('id', '=', key.id)
        .execute();
    },

    /**
     * API 下单免交易密码 for one of the member's keys (0: the default key). Whoever holds a key could then
     * spend the balance on orders, so the change asks for the sale password when the member set one, and
     * is audited with the change.
     */
    async setNoSalePwd(ctx: ActorContext, id: number, on: boolean, salePwd: string | undefined): Promise<void> {
      // The default key lives in accounts (decision 0014); read before the transaction (one SQLite connection).
      const key = id === 0 ? null : await ownKey(ctx, id);
      const def = id === 0 ? await defaultOpenApiKey(deps, ctx.actor.id) : null;
      if (id === 0 && !def) throw businessError('OPENAPI_KEY_NOT_FOUND');
      // The switch waives what guards balance payments: it asks for the same password.
      await requireSalePassword(db, callerOf(ctx), salePwd, 'balancePay');
      await db.transaction().execute(async (trx) => {
        if (key)
          await trx
            .updateTable('openapi_keys')
            .set({ no_sale_pwd: on ? 1 : 0 })
            .where('id', '=', key.id)
            .execute();
        else if (!(await setDefaultKeyNoSalePwd(trx, ctx.actor.id, on))) throw businessError('OPENAPI_KEY_NOT_FOUND');
        await writeAudit(ctx, trx, {
          target: `openapi-key:${key ? key.app_id : def!.appId}`,
          before: { noSalePwd: key ? key.no_sale_pwd === 1 : def!.noSalePwd },
          after: { noSalePwd: on },
        });
      });
    },

    /** A new secret for the key (the old one stops at once); answered this once. */
    async rotate(ctx: ActorContext, id: number): Promise<OpenApiKeySecret> {
      const key = await ownKey(ctx, id);
      const appSecret = randomToken(24);
      await db
        .updateTable('openapi_keys')
        .set({ secret_enc: box.seal(appSecret), rotated_at: Date.now() })
        .where('id', '=', key.id)
        .execute();
      return { id: Number(key.id), appId: key.app_id, appSecret };
    },

    /** Revokes for good: the app id answers OPENAPI_APP_INVALID from now on and is never reused. */
    async revoke(ctx: ActorContext, id: number): Promise<void> {
      const key = await ownKey(ctx, id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('openapi_keys')
          .set({ revoked_at: Date.now(), enabled: 0 })
          .where('id', '=', key.id)
          .execute();
        await trx.deleteFrom('openapi_push_targets').where('app_id', '=', key.app_id).execute();
      });
    },

    /** The default key's push address (its other settings stay in the account settings). */
    async setDefaultPush(ctx: ActorContext, defaultAppId: string | null, appId: string, pushUrl: string | undefined) {
      if (!defaultAppId || defaultAppId !== appId) throw businessError('OPENAPI_KEY_NOT_FOUND');
      const url = checkedUrl(pushUrl);
      await db.transaction().execute((trx) => savePush(trx, appId, ctx.actor.id, url));
    },

    async calls(ctx: ActorContext, input: z.output<typeof openApiCallListInput>): Promise<Paged<OpenApiCallView>> {
      let q = db
        .selectFrom('openapi_calls')
        .select(['id', 'app_id', 'path', 'ip', 'code', 'ms', 'created_at'])
        .where('user_id', '=', ctx.actor.id);
      if (input.appId) q = q.where('app_id', '=', input.appId);
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      return mapPage(page, (r) => ({
        id: Number(r.id),
        appId: r.app_id,
        path: r.path,
        ip: r.ip,
        code: Number(r.code),
        ms: Number(r.ms),
        at: time(Number(r.created_at)),
      }));
    },
  };
}
export type OpenApiKeys = ReturnType<typeof openApiKeys>;

async function savePush(trx: Deps['db'], appId: string, userId: number, url: string | null) {
  await trx.deleteFrom('openapi_push_targets').where('app_id', '=', appId).execute();
  if (!url) return;
  await trx
    .insertInto('openapi_push_targets')
    .values({ app_id: appId, user_id: userId, url, created_at: Date.now() })
    .execute();
  pushesInUse.on = true;
}
