import {
  dockingConnectionSaveInput,
  dockingGoodsSaveInput,
  dockingGoodsStateInput,
  dockingIdInput,
  dockingImportInput,
  dockingListInput,
  dockingModerateInput,
  dockingProcurementListInput,
  dockingReconcileInput,
  dockingSourceAddInput,
  dockingSourceMoveInput,
  dockingSyncLogInput,
  dockingUpstreamGoodsInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX, type ActorContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { featuresOf, findVersion, ownedSite, PLATFORM_SITE_ID } from '../sites/index.js';
import type { DockingScope } from './connections.js';
import type { DockingServices } from './index.js';

const MINUTE = 60_000;

/** The platform's docking, for staff with docking.manage (trusted addresses, audited writes). */
function staffScope(ctx: ActorContext, audited: boolean): DockingScope {
  return {
    siteId: PLATFORM_SITE_ID,
    trusted: true,
    by: `staff:${ctx.actor.name}`,
    ...(audited ? { audit: (trx, entry) => writeAudit(ctx, trx, entry) } : {}),
  };
}

/**
 * The calls of both screens: `/{admin}/docking/*` (the platform's) and `/vip/docking/*` (a site
 * owner's, when their version includes the open API / docking; public hosts only).
 */
export function registerDockingRoutes(app: FastifyInstance, deps: Deps, s: DockingServices): void {
  const A = `${ADMIN_PREFIX}/docking`;
  const manage = { auth: 'admin', permission: 'docking.manage' } as const;

  async function ownerScope(ctx: ActorContext): Promise<DockingScope> {
    const site = await ownedSite(deps.db, ctx.actor.id);
    if (!site) throw businessError('NOT_SITE_OWNER');
    const version = site.versionId ? await findVersion(deps.db, site.versionId) : undefined;
    if (!version || !featuresOf(version).openApi) throw businessError('DOCKING_NOT_ALLOWED');
    return { siteId: site.id, trusted: false, by: `owner:${ctx.actor.id}` };
  }

  type Calls = Array<{
    path: string;
    input?: Parameters<typeof defineCall>[2]['input'];
    audit?: string;
    limit?: number;
    /** Staff only (moderating the sub-sites' own goods). */
    staffOnly?: true;
    run: (scope: DockingScope, input: never) => Promise<unknown>;
  }>;
  const calls: Calls = [
    { path: 'connections', run: (sc) => s.connections.list(sc) },
    {
      path: 'saveConnection',
      input: dockingConnectionSaveInput,
      audit: 'docking.saveConnection',
      limit: 30,
      run: (sc, i: typeof dockingConnectionSaveInput._output) => s.connections.save(sc, i),
    },
    {
      path: 'removeConnection',
      input: dockingIdInput,
      audit: 'docking.removeConnection',
      run: (sc, i: typeof dockingIdInput._output) => s.connections.remove(sc, i.id),
    },
    {
      path: 'testConnection',
      input: dockingIdInput,
      limit: 30,
      run: (sc, i: typeof dockingIdInput._output) => s.connections.test(sc, i.id),
    },
    {
      path: 'upstreamGoods',
      input: dockingUpstreamGoodsInput,
      limit: 30,
      run: (sc, i: typeof dockingUpstreamGoodsInput._output) =>
        s.connections.upstreamGoods(sc, i.connectionId, i.keyword),
    },
    {
      path: 'import',
      input: dockingImportInput,
      audit: 'docking.import',
      limit: 30,
      run: (sc, i: typeof dockingImportInput._output) => s.goods.importGoods(sc, i),
    },
    { path: 'goods', input: dockingListInput, run: (sc, i: typeof dockingListInput._output) => s.goods.list(sc, i) },
    {
      path: 'saveGoods',
      input: dockingGoodsSaveInput,
      audit: 'docking.saveGoods',
      run: (sc, i: typeof dockingGoodsSaveInput._output) => s.goods.save(sc, i),
    },
    {
      path: 'setGoodsState',
      input: dockingGoodsStateInput,
      audit: 'docking.setGoodsState',
      run: (sc, i: typeof dockingGoodsStateInput._output) => s.goods.setState(sc, i),
    },
    {
      path: 'removeGoods',
      input: dockingIdInput,
      audit: 'docking.removeGoods',
      run: (sc, i: typeof dockingIdInput._output) => s.goods.remove(sc, i.id),
    },
    {
      path: 'moderateGoods',
      input: dockingModerateInput,
      audit: 'docking.moderateGoods',
      staffOnly: true,
      run: (sc, i: typeof dockingModerateInput._output) => s.goods.moderate(sc, i),
    },
    {
      path: 'addSource',
      input: dockingSourceAddInput,
      audit: 'docking.addSource',
      limit: 30,
      run: (sc, i: typeof dockingSourceAddInput._output) => s.goods.addSource(sc, i),
    },
    {
      path: 'removeSource',
      input: dockingIdInput,
      audit: 'docking.removeSource',
      run: (sc, i: typeof dockingIdInput._output) => s.goods.removeSource(sc, i.id),
    },
    {
      path: 'moveSource',
      input: dockingSourceMoveInput,
      audit: 'docking.moveSource',
      run: (sc, i: typeof dockingSourceMoveInput._output) => s.goods.moveSource(sc, i.id, i.priority),
    },
    {
      path: 'syncNow',
      input: dockingIdInput,
      limit: 10,
      run: async (sc, i: typeof dockingIdInput._output) => {
        await s.connections.byId(sc.siteId, i.id);
        return s.goods.syncConnection(i.id);
      },
    },
    {
      path: 'procurements',
      input: dockingProcurementListInput,
      run: (sc, i: typeof dockingProcurementListInput._output) => s.forwarding.list(sc, i),
    },
    {
      path: 'repush',
      input: dockingIdInput,
      audit: 'docking.repush',
      limit: 30,
      run: (sc, i: typeof dockingIdInput._output) => s.forwarding.repush(sc, i.id),
    },
    {
      path: 'syncLogs',
      input: dockingSyncLogInput,
      run: (sc, i: typeof dockingSyncLogInput._output) => s.goods.syncLogs(sc, i),
    },
    {
      path: 'reconcile',
      input: dockingReconcileInput,
      limit: 20,
      run: (sc, i: typeof dockingReconcileInput._output) => s.reconcile.run(sc, i.connectionId, i.date),
    },
    {
      path: 'exportReconcile',
      input: dockingReconcileInput,
      limit: 10,
      run: (sc, i: typeof dockingReconcileInput._output) => s.reconcile.exportCsv(sc, i.connectionId, i.date),
    },
  ];

  for (const call of calls) {
    const limits = call.limit ? [{ max: call.limit, windowMs: MINUTE }] : undefined;
    defineCall(
      app,
      `${A}/${call.path}`,
      {
        ...manage,
        ...(call.input ? { input: call.input } : {}),
        ...(call.audit ? { audit: { action: call.audit } } : {}),
        ...(limits ? { limits } : {}),
      },
      (ctx, input) => call.run(staffScope(ctx, !!call.audit), input as never),
    );
    if (call.staffOnly) continue;
    defineCall(
      app,
      `/vip/docking/${call.path}`,
      {
        auth: 'user',
        ...(call.input ? { input: call.input } : {}),
        limits: [{ max: call.limit ?? 120, windowMs: MINUTE, perActor: true }],
      },
      async (ctx, input) => call.run(await ownerScope(ctx), input as never),
    );
  }
}
