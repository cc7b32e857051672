import {
  DockingProtocolLabels,
  type DockingAccountView,
  type DockingConnectionView,
  type DockingUpstreamGoodsView,
  type dockingConnectionSaveInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import { randomToken } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { urlProblem } from '../../core/outbound.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { secretBoxFor } from '../verification/index.js';
import { UpstreamError, type UpstreamEndpoint } from './driver.js';
import { driverFor } from './drivers/index.js';
import type { DockingConnectionsTable } from './tables.js';

export type ConnectionRow = Selectable<DockingConnectionsTable>;

/**
 * Whose docking a call acts on: the platform's (staff; trusted addresses) or a sub-site owner's
 * (their site; public hosts only unless OUTBOUND_HOSTS=any). Every query filters by `siteId`.
 */
export interface DockingScope {
  siteId: number;
  trusted: boolean;
  /** Who acts, for procurement notes ('staff:admin', 'owner:12', 'system'). */
  by: string;
  /** Writes the audit row of a staff write in its transaction (absent for owners). */
  audit?: (trx: Db, entry: { target?: string; before?: unknown; after?: unknown }) => Promise<void>;
}

export const PUSH_PATH = '/docking/push/';

const short = (msg: string) => msg.slice(0, 300);

/** An upstream error as the business error the merchant sees (its words kept). */
export function upstreamFailure(err: unknown): never {
  if (err instanceof UpstreamError)
    throw businessError('DOCKING_UPSTREAM_FAILED', `上游接口请求失败：${err.message}`.slice(0, 200));
  throw err;
}

export function connectionsService(deps: Deps) {
  const { db, config } = deps;
  const box = secretBoxFor(config.dataDir);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  function endpointOf(c: ConnectionRow): UpstreamEndpoint {
    return {
      baseUrl: c.base_url,
      appId: c.app_id,
      secret: box.open(c.secret_sealed),
      trusted: c.trusted === 1,
      hosts: config.outboundHosts,
      timeoutMs: c.timeout_ms,
    };
  }

  async function byId(siteId: number, id: number): Promise<ConnectionRow> {
    const c = await db
      .selectFrom('docking_connections')
      .selectAll()
      .where('id', '=', id)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!c) throw businessError('DOCKING_CONNECTION_NOT_FOUND');
    return c;
  }

  async function view(c: ConnectionRow): Promise<DockingConnectionView> {
    const n = await db
      .selectFrom('docking_sources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connection_id', '=', c.id)
      .executeTakeFirst();
    return {
      id: c.id,
      name: c.name,
      protocol: c.protocol,
      protocolText: DockingProtocolLabels[c.protocol],
      baseUrl: c.base_url,
      appId: c.app_id,
      timeoutSec: Math.round(c.timeout_ms / 1000),
      pushUrl: `${PUSH_PATH}${c.push_token}`,
      goodsCount: Number(n?.n ?? 0),
      lastSyncAt: time(c.last_sync_at),
      lastError: c.last_error,
      createdAt: time(c.created_at),
    };
  }

  return {
    endpointOf,
    byId,

    async list(scope: DockingScope): Promise<DockingConnectionView[]> {
      const rows = await db
        .selectFrom('docking_connections')
        .selectAll()
        .where('site_id', '=', scope.siteId)
        .orderBy('id')
        .execute();
      return Promise.all(rows.map(view));
    },

    /** Adds or edits a connection; the secret is sealed and never answered. */
    async save(scope: DockingScope, input: z.infer<typeof dockingConnectionSaveInput>): Promise<DockingConnectionView> {
      if (urlProblem(input.baseUrl)) throw businessError('DOCKING_URL_INVALID');
      const baseUrl = input.baseUrl.trim().replace(/\/+$/, '');
      const now = Date.now();
      const id = await db.transaction().execute(async (trx) => {
        if (input.id) {
          const before = await trx
            .selectFrom('docking_connections')
            .selectAll()
            .where('id', '=', input.id)
            .where('site_id', '=', scope.siteId)
            .executeTakeFirst();
          if (!before) throw businessError('DOCKING_CONNECTION_NOT_FOUND');
          await trx
            .updateTable('docking_connections')
            .set({
              name: input.name,
              protocol: input.protocol,
              base_url: baseUrl,
              app_id: input.appId,
              ...(input.secret ? { secret_sealed: box.seal(input.secret) } : {}),
              timeout_ms: input.timeoutSec * 1000,
              updated_at: now,
            })
            .where('id', '=', before.id)
            .execute();
          await scope.audit?.(trx, {
            target: `docking:${before.id}`,
            before: { name: before.name, baseUrl: before.base_url, appId: before.app_id },
            after: { name: input.name, baseUrl, appId: input.appId, secretChanged: !!input.secret },
          });
          return before.id;
        }
        if (!input.secret) throw businessError('BAD_INPUT', '请输入上游密钥');
        const row = await trx
          .insertInto('docking_connections')
          .values({
            site_id: scope.siteId,
            name: input.name,
            protocol: input.protocol,
            base_url: baseUrl,
            app_id: input.appId,
            secret_sealed: box.seal(input.secret),
            timeout_ms: input.timeoutSec * 1000,
            trusted: scope.trusted ? 1 : 0,
            push_token: randomToken(16),
            last_sync_at: null,
            last_error: '',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await scope.audit?.(trx, { target: `docking:${row.id}`, after: { name: input.name, baseUrl } });
        return row.id;
      });
      return view(await byId(scope.siteId, id));
    },

    async remove(scope: DockingScope, id: number): Promise<{ removed: true }> {
      const c = await byId(scope.siteId, id);
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .selectFrom('docking_sources')
          .select('id')
          .where('connection_id', '=', c.id)
          .executeTakeFirst();
        if (used) throw businessError('DOCKING_CONNECTION_IN_USE');
        await trx.deleteFrom('docking_connections').where('id', '=', c.id).execute();
        await scope.audit?.(trx, { target: `docking:${c.id}`, before: { name: c.name, baseUrl: c.base_url } });
      });
      return { removed: true };
    },

    /** Checks the connection: the upstream's name for us and our balance there. */
    async test(scope: DockingScope, id: number): Promise<DockingAccountView> {
      const c = await byId(scope.siteId, id);
      const account = await driverFor(c.protocol)
        .account(endpointOf(c))
        .catch(async (err: unknown) => {
          if (err instanceof UpstreamError)
            await db
              .updateTable('docking_connections')
              .set({ last_error: short(err.message) })
              .where('id', '=', c.id)
              .execute();
          return upstreamFailure(err);
        });
      await db.updateTable('docking_connections').set({ last_error: '' }).where('id', '=', c.id).execute();
      return {
        name: account.name,
        balance: account.balance === null ? '' : (account.balance / 100).toFixed(2),
      };
    },

    /** The upstream's goods for the import screen, with those already docked marked. */
    async upstreamGoods(
      scope: DockingScope,
      connectionId: number,
      keyword?: string,
    ): Promise<DockingUpstreamGoodsView[]> {
      const c = await byId(scope.siteId, connectionId);
      const list = await driverFor(c.protocol).listGoods(endpointOf(c)).catch(upstreamFailure);
      const docked = new Set(
        (await db.selectFrom('docking_sources').select('ref').where('connection_id', '=', c.id).execute()).map(
          (r) => r.ref,
        ),
      );
      const word = keyword?.toLowerCase();
      return list
        .filter((g) => !word || g.name.toLowerCase().includes(word) || g.ref === keyword)
        .slice(0, 2000)
        .map((g) => ({
          ref: g.ref,
          name: g.name,
          category: g.category,
          kind: g.kind,
          price: (g.price / 100).toFixed(2),
          stock: g.stock,
          onSale: g.onSale,
          imported: docked.has(g.ref),
        }));
    },
  };
}
export type ConnectionsService = ReturnType<typeof connectionsService>;
