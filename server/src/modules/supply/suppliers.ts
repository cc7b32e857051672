import type { Selectable } from 'kysely';
import {
  SUPPLIER_AGREEMENT,
  SupplierStatusLabels,
  type AdminSupplierRow,
  type MySupplier,
  type Paged,
  type SupplierApplyInput,
  type SupplySettings,
  type adminSupplierListInput,
  type supplierDecideInput,
  type supplierTermsInput,
  type z,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { writeAudit } from '../../core/calls.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { moveStatus } from '../../core/fsm.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberIdByRef, memberLabels } from '../accounts/index.js';
import { goodsCountOfOwners, moveOwnedGoodsStatus, ownedGoodsQuery } from '../catalog/index.js';
import { supplierMachine } from './machines.js';
import { settlementTotals } from './settlements.js';
import { saveSupplySettings, supplySettings } from './supply-settings.js';
import type { SuppliersTable } from './tables.js';

export type SupplierRow = Selectable<SuppliersTable>;

export function supplierByUser(db: Db, userId: number): Promise<SupplierRow | undefined> {
  return db.selectFrom('suppliers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

const GATE = {
  pending: 'SUPPLIER_PENDING',
  rejected: 'SUPPLIER_REJECTED',
  suspended: 'SUPPLIER_SUSPENDED',
} as const;

/** The signed-in member as an active supplier, or the business code that says why not. */
export async function requireSupplier(db: Db, ctx: ActorContext): Promise<SupplierRow> {
  if (ctx.area !== 'user') throw businessError('SUPPLIER_REQUIRED');
  const s = await supplierByUser(db, ctx.actor.id);
  if (!s) throw businessError('SUPPLIER_REQUIRED');
  if (s.status !== 'active') throw businessError(GATE[s.status]);
  return s;
}

/** Applications and the platform's decisions on them; 供货设置. */
export function suppliersService(deps: Deps) {
  const { db, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');

  return {
    async mine(ctx: ActorContext): Promise<MySupplier> {
      const s = await supplierByUser(db, ctx.actor.id);
      const settings = supplySettings(deps.settings);
      if (!s)
        return {
          status: 'none',
          statusText: '未申请',
          contact: '',
          intro: '',
          reason: '',
          commissionBp: settings.defaultCommissionBp,
          holdDays: settings.holdDays,
          appliedAt: '',
          decidedAt: '',
          agreement: SUPPLIER_AGREEMENT,
        };
      return {
        status: s.status,
        statusText: SupplierStatusLabels[s.status],
        contact: s.contact,
        intro: s.intro,
        reason: s.reason,
        commissionBp:
          s.status === 'active' || s.status === 'suspended' ? s.commission_bp : settings.defaultCommissionBp,
        holdDays: s.status === 'active' || s.status === 'suspended' ? s.hold_days : settings.holdDays,
        appliedAt: time(s.applied_at),
        decidedAt: time(s.decided_at),
        agreement: SUPPLIER_AGREEMENT,
      };
    },

    /** A first application, or a new one after a rejection (the same row goes back to pending). */
    async apply(ctx: ActorContext, input: SupplierApplyInput): Promise<MySupplier> {
      if (ctx.area !== 'user') throw businessError('SUPPLIER_REQUIRED');
      const now = Date.now();
      const s = await supplierByUser(db, ctx.actor.id);
      if (!s) {
        await db
          .insertInto('suppliers')
          .values({
            user_id: ctx.actor.id,
            contact: input.contact,
            intro: input.intro,
            status: 'pending',
            reason: '',
            commission_bp: 0,
            hold_days: 0,
            applied_at: now,
            decided_at: null,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      } else if (s.status === 'rejected') {
        const moved = await moveStatus(db, supplierMachine, s.id, 'rejected', 'pending', {
          contact: input.contact,
          intro: input.intro,
          reason: '',
          applied_at: now,
          decided_at: null,
          updated_at: now,
        });
        if (!moved) throw businessError('SUPPLIER_ALREADY');
      } else throw businessError('SUPPLIER_ALREADY');
      return this.mine(ctx);
    },

    async adminList(
      ctx: RequestContext,
      input: z.infer<typeof adminSupplierListInput>,
    ): Promise<Paged<AdminSupplierRow>> {
      let q = db.selectFrom('suppliers').selectAll();
      if (input.status) q = q.where('status', '=', input.status);
      if (input.keyword) {
        const kw = input.keyword;
        const userId = await memberIdByRef(db, kw).catch(() => null);
        q = q.where((eb) =>
          userId
            ? eb.or([eb('user_id', '=', userId), eb('contact', 'like', `%${kw.replace(/[%_\\]/g, '')}%`)])
            : eb('contact', 'like', `%${kw.replace(/[%_\\]/g, '')}%`),
        );
      }
      const page = await fetchPage(q.orderBy('id', 'desc'), input);
      const ids = page.list.map((s) => s.user_id);
      const [members, goods, money] = await Promise.all([
        memberLabels(db, ids),
        goodsCountOfOwners(db, ids),
        settlementTotals(db, ids),
      ]);
      return mapPage(page, (s) => ({
        id: s.id,
        userId: s.user_id,
        member: members.get(s.user_id) ?? null,
        contact: s.contact,
        intro: s.intro,
        status: s.status,
        statusText: SupplierStatusLabels[s.status],
        reason: s.reason,
        commissionBp: s.commission_bp,
        holdDays: s.hold_days,
        goodsCount: goods.get(s.user_id) ?? 0,
        frozen: money.get(s.user_id)?.frozen ?? 0,
        released: money.get(s.user_id)?.released ?? 0,
        appliedAt: time(s.applied_at),
        decidedAt: time(s.decided_at),
      }));
    },

    /** Approve (with the terms, defaults from 供货设置), reject, suspend (their goods leave the shelf) or reinstate. */
    async decide(ctx: RequestContext, input: z.infer<typeof supplierDecideInput>) {
      const now = Date.now();
      const settings = supplySettings(deps.settings);
      return db.transaction().execute(async (trx) => {
        const s = await trx.selectFrom('suppliers').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!s) throw businessError('SUPPLIER_NOT_FOUND');
        const to = { approve: 'active', reject: 'rejected', suspend: 'suspended', reinstate: 'active' } as const;
        const from = { approve: 'pending', reject: 'pending', suspend: 'active', reinstate: 'suspended' } as const;
        if (s.status !== from[input.action]) throw businessError('SUPPLIER_STATE');
        const terms =
          input.action === 'approve'
            ? {
                commission_bp: input.commissionBp ?? settings.defaultCommissionBp,
                hold_days: input.holdDays ?? settings.holdDays,
              }
            : {};
        // Suspension pauses the goods on sale and remembers which; reinstatement puts back those
        // still paused (goods the supplier had paused, or staff changed since, stay as they are).
        const goodsMoved: number[] = [];
        if (input.action === 'suspend') {
          const onSale = await ownedGoodsQuery(trx, s.user_id).where('status', '=', 'on_sale').execute();
          for (const g of onSale) if (await moveOwnedGoodsStatus(trx, g, 'paused', now)) goodsMoved.push(g.id);
        } else if (input.action === 'reinstate') {
          const ids = JSON.parse(s.suspended_goods) as number[];
          const paused = ids.length
            ? await ownedGoodsQuery(trx, s.user_id).where('id', 'in', ids).where('status', '=', 'paused').execute()
            : [];
          for (const g of paused) if (await moveOwnedGoodsStatus(trx, g, 'on_sale', now)) goodsMoved.push(g.id);
        }
        const moved = await moveStatus(trx, supplierMachine, s.id, s.status, to[input.action], {
          ...terms,
          reason: input.reason ?? '',
          decided_at: now,
          updated_at: now,
          suspended_goods: input.action === 'suspend' ? JSON.stringify(goodsMoved) : '[]',
        });
        if (!moved) throw businessError('SUPPLIER_STATE');
        await writeAudit(ctx, trx, {
          target: `supplier:${s.id}`,
          before: { status: s.status, commissionBp: s.commission_bp, holdDays: s.hold_days },
          after: {
            status: to[input.action],
            reason: input.reason ?? '',
            ...terms,
            ...(input.action === 'suspend' ? { goodsPaused: goodsMoved } : {}),
            ...(input.action === 'reinstate' ? { goodsRelisted: goodsMoved } : {}),
          },
        });
        return { status: to[input.action] };
      });
    },

    /** The commission and hold days of a supplier (entries already written keep theirs). */
    async setTerms(ctx: RequestContext, input: z.infer<typeof supplierTermsInput>) {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        const s = await trx.selectFrom('suppliers').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!s) throw businessError('SUPPLIER_NOT_FOUND');
        await trx
          .updateTable('suppliers')
          .set({ commission_bp: input.commissionBp, hold_days: input.holdDays, updated_at: now })
          .where('id', '=', s.id)
          .execute();
        await writeAudit(ctx, trx, {
          target: `supplier:${s.id}`,
          before: { commissionBp: s.commission_bp, holdDays: s.hold_days },
          after: { commissionBp: input.commissionBp, holdDays: input.holdDays },
        });
      });
      return { id: input.id };
    },

    settings(): SupplySettings {
      return supplySettings(deps.settings);
    },
    async saveSettings(ctx: RequestContext, value: SupplySettings): Promise<SupplySettings> {
      const before = supplySettings(deps.settings);
      await db.transaction().execute(async (trx) => {
        await saveSupplySettings(deps.settings, trx, value);
        await writeAudit(ctx, trx, { target: 'supply.settings', before, after: value });
      });
      return supplySettings(deps.settings);
    },
  };
}
export type SuppliersService = ReturnType<typeof suppliersService>;
