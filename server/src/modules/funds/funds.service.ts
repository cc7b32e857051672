import { writeAudit } from '../../core/calls.js';
import {
  LEDGER_EXPORT_MAX_ROWS,
  LedgerTypeLabels,
  type CsvExport,
  type LedgerEntry,
  type LedgerTypeName,
  type fundsAdjustInput,
  type memberLedgerInput,
  type MyLedgerAnswer,
  type Paged,
  type z,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { preparedInsert } from '../../core/db/prepared.js';
import { csvCell, csvDocument } from '../../core/csv.js';
import { fenToYuan } from '../../core/money.js';
import { mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { memberIdByRef, memberLabels } from '../accounts/index.js';
import { dayBounds } from './funds-time.js';
import { fundsRepo as repo, type LedgerFilter, type LedgerRow } from './funds.repo.js';

/** Ledger types and their Chinese names (one list, in the shared contract). */
export const LedgerTypes = LedgerTypeLabels;
export type LedgerType = LedgerTypeName;

export interface Movement {
  userId: number;
  /** Positive fen. */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: string | number;
  memo?: string;
  operator?: string;
}

const insertLedgerRow = preparedInsert('ledger_entries', 'none');

/** The ledger row of a balance change already made (the balance after it is known). */
export async function recordLedger(db: Db, m: Movement, signed: number, balanceAfter: number) {
  await insertLedgerRow(db, {
    user_id: m.userId,
    type: m.type,
    amount: signed,
    balance_after: balanceAfter,
    ref_type: m.refType ?? '',
    ref_id: String(m.refId ?? ''),
    memo: (m.memo ?? '').slice(0, 200),
    operator: (m.operator ?? '').slice(0, 60),
    created_at: Date.now(),
  });
}

/**
 * Takes money from a balance inside the caller's transaction (invariant 4): a conditional
 * update (`balance >= amount`) then a ledger row with the balance after. Throws 余额不足.
 */
export async function debitBalance(db: Db, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new RangeError('debit amount must be a positive integer');
  const row = await repo.debit(db, m.userId, m.amount);
  if (!row) throw businessError('BALANCE_INSUFFICIENT');
  await recordLedger(db, m, -m.amount, Number(row.balance));
  return Number(row.balance);
}

/**
 * Like debitBalance, for callers that handle a short balance themselves (a site owner's cost at
 * delivery, decision 0010): answers the balance after, or null when it was short and nothing changed.
 */
export async function tryDebitBalance(db: Db, m: Movement): Promise<number | null> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new RangeError('debit amount must be a positive integer');
  const row = await repo.debit(db, m.userId, m.amount);
  if (!row) return null;
  await recordLedger(db, m, -m.amount, Number(row.balance));
  return Number(row.balance);
}

/** A member's balance (fen), 0 for an unknown member. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  return Number((await repo.balance(db, userId))?.balance ?? 0);
}

/** Adds money to a balance with its ledger row, inside the caller's transaction. */
export async function creditBalance(db: Db, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0)
    throw new RangeError('credit amount must be a positive integer');
  const row = await repo.credit(db, m.userId, m.amount);
  if (!row) throw businessError('MEMBER_NOT_FOUND');
  await recordLedger(db, m, m.amount, Number(row.balance));
  return Number(row.balance);
}

type LedgerQuery = Omit<z.output<typeof memberLedgerInput>, 'page' | 'pageSize'>;

/** Day filters → epoch-ms range in the shop's zone (the `to` day is included). */
export function ledgerFilter(q: LedgerQuery, timeZone: string): Omit<LedgerFilter, 'userId'> {
  return {
    type: q.type,
    keyword: q.keyword || undefined,
    from: q.from ? dayBounds(q.from, timeZone).start : undefined,
    to: q.to ? dayBounds(q.to, timeZone).end : undefined,
  };
}

export function fundsService(deps: Deps) {
  const { db, config } = deps;
  const view = (e: LedgerRow): LedgerEntry => ({
    id: e.id,
    userId: e.user_id,
    type: e.type,
    typeText: LedgerTypes[e.type as LedgerType] ?? e.type,
    amount: Number(e.amount),
    balanceAfter: Number(e.balance_after),
    refType: e.ref_type,
    refId: e.ref_id,
    memo: e.memo,
    createdAt: formatDateTime(e.created_at, config.timeZone),
  });
  return {
    async myLedger(
      ctx: ActorContext,
      page: number,
      pageSize: number,
      query: LedgerQuery = {},
    ): Promise<MyLedgerAnswer> {
      const entries = await repo.ledger(db, ctx.actor.id, page, pageSize, ledgerFilter(query, config.timeZone));
      const balance = await repo.balance(db, ctx.actor.id);
      return { balance: Number(balance?.balance ?? 0), ...mapPage(entries, view) };
    },
    /**
     * The member's own ledger as CSV (UTF-8 with BOM so Excel reads the Chinese), newest first,
     * at most LEDGER_EXPORT_MAX_ROWS rows; `truncated` says when the range held more.
     */
    async exportMyLedger(ctx: ActorContext, query: LedgerQuery): Promise<CsvExport> {
      const rows = await repo
        .filtered(db, { ...ledgerFilter(query, config.timeZone), userId: ctx.actor.id })
        .selectAll()
        .orderBy('id', 'desc')
        .limit(LEDGER_EXPORT_MAX_ROWS + 1)
        .execute();
      const truncated = rows.length > LEDGER_EXPORT_MAX_ROWS;
      const lines = rows.slice(0, LEDGER_EXPORT_MAX_ROWS).map((e) => {
        const v = view(e);
        return [
          csvCell(v.createdAt),
          csvCell(v.typeText),
          csvCell(fenToYuan(v.amount), false),
          csvCell(fenToYuan(v.balanceAfter), false),
          csvCell(v.refId),
          csvCell(v.memo),
        ];
      });
      const content = csvDocument(['时间', '类型', '金额(元)', '变动后余额(元)', '关联单号', '备注'], lines);
      return {
        filename: `资金明细-${formatDateTime(Date.now(), config.timeZone).slice(0, 10)}.csv`,
        count: lines.length,
        truncated,
        content,
      };
    },
    /** Staff: the ledger of one member (by member number or login name) or of all, with each row's member. */
    async ledger(
      _ctx: RequestContext,
      filter: { member?: string; userId?: number },
      page: number,
      pageSize: number,
    ): Promise<Paged<LedgerEntry>> {
      const userId = filter.member ? await memberIdByRef(db, filter.member) : filter.userId;
      const entries = await repo.ledger(db, userId, page, pageSize);
      const members = await memberLabels(
        db,
        entries.list.map((e) => e.user_id),
      );
      return mapPage(entries, (e) => ({ ...view(e), operator: e.operator, member: members.get(e.user_id) ?? null }));
    },
    /** Admin balance adjustment with a reason (ledger row + audit row); a debit may not take the balance below 0. */
    async adjust(ctx: RequestContext, input: z.infer<typeof fundsAdjustInput>) {
      const userId = input.member ? await memberIdByRef(db, input.member) : input.userId!;
      return db.transaction().execute(async (trx) => {
        const before = await repo.balance(trx, userId);
        if (!before) throw businessError('MEMBER_NOT_FOUND');
        const m: Movement = {
          userId,
          amount: Math.abs(input.amount),
          type: 'admin_adjust',
          refType: 'staff',
          refId: ctx.actor?.id,
          memo: input.reason,
          operator: ctx.actor?.name,
        };
        let balance: number;
        if (input.amount > 0) balance = await creditBalance(trx, m);
        else {
          try {
            balance = await debitBalance(trx, m);
          } catch (err) {
            if ((err as { code?: number }).code === 5001) throw businessError('ADJUST_NEGATIVE');
            throw err;
          }
        }
        await writeAudit(ctx, trx, {
          action: 'funds.adjust',
          target: `user:${userId}`,
          before: { balance: Number(before.balance) },
          after: { balance, amount: input.amount, reason: input.reason, member: input.member },
        });
        return { balance };
      });
    },
  };
}
export type FundsService = ReturnType<typeof fundsService>;
