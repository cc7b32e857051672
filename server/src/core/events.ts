import { sql } from 'kysely';
import { type Db, type Dialect } from './db/connect.js';
import { insertMany } from './db/insert-many.js';
import { enqueueJob, type JobRunner } from './jobs.js';
import { preparedInsert } from './db/prepared.js';

/**
 * Domain events through an outbox. A change that other parts of the shop react to writes an
 * event row in its own transaction (`publishEvent`), so the event exists exactly when the change
 * was committed. The job runner then hands it to every consumer: at least once (retries with
 * backoff, survives restarts, one taker per job across instances), and each consumer's effect runs
 * in a transaction that also records (consumer, event), so a consumer's database work happens
 * once however often the event is handed over. Effects outside the database (mail) are at least
 * once. No module calls another module's notifier: it publishes, the other consumes.
 */
export interface DomainEvents {
  /** Five wrong sale passwords in a row locked a member's sale password. */
  'account.salePasswordLocked': {
    userId: number;
    memberName: string;
    ip: string;
    tries: number;
    lockedMinutes: number;
  };
  /** Staff decided a member's withdrawal: paid out (approved) or refused, the money back on the balance. */
  'withdrawal.decided': {
    withdrawalId: number;
    withdrawNo: string;
    userId: number;
    amount: number;
    decision: 'approved' | 'rejected';
    reason: string;
  };
  /** Staff decided a buyer's request to void a delivered card (repeal); approved refunds its price to a member. */
  'repeal.decided': {
    linkId: number;
    orderNo: string;
    userId: number | null;
    cardId: number;
    decision: 'approved' | 'rejected';
    refunded: number;
  };
  /** An order was paid: from the balance, through a gateway's notify, or free (amount 0). Amounts in fen. */
  'order.paid': {
    orderId: number;
    orderNo: string;
    siteId: number;
    /** null: a visitor's order. */
    userId: number | null;
    goodsId: number;
    quantity: number;
    amount: number;
    /** 'balance', 'free', or the gateway that took the money. */
    method: string;
    /** Absent in events written before 2026-11-27: read as "not known" (consumers then act as before). */
    goodsType?: 'card' | 'manual' | 'recharge' | 'physical';
    /** The goods' name on the order (as bought). Absent in events written before 2026-11-28: consumers read the goods. */
    goodsName?: string;
    /**
     * True when order.delivered is written in the same transaction (cards sold at payment): a
     * consumer that tells the buyer once (the inbox) can leave this one to the delivery.
     */
    deliveredNow?: boolean;
  };
  /** An order reached its buyer: its cards were sold to it, or staff delivered it (manual goods; physical received). */
  'order.delivered': {
    orderId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    goodsId: number;
    goodsType: 'card' | 'manual' | 'recharge' | 'physical';
    /** As order.paid's (absent before 2026-11-28). */
    goodsName?: string;
    quantity: number;
    by: 'cards' | 'staff' | 'supplier';
    /**
     * Whether the buyer (a member) had an inviter when the order was paid, read where the path reads
     * the member anyway (the PostgreSQL checkout's debit). Absent: not known (other paths, older
     * events); promotion then reads the member.
     */
    invited?: boolean;
  };
  /** Staff shipped a physical order (carrier and tracking number given); delivered follows when it arrives. */
  'order.shipped': {
    orderId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    carrier: string;
    trackingNo: string;
  };
  /** Money of an order went back: all that was left (the order is refunded) or a part (the order stands). */
  'order.refunded': {
    orderId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    /** This refund, in fen. */
    amount: number;
    /** All refunded of the order so far, this one included. */
    refundedTotal: number;
    whole: boolean;
    /** Where it went: the member's balance, back through the payment gateway, or paid back by hand. */
    to: 'balance' | 'gateway' | 'manual';
  };
  /**
   * An order whose buyer paid into the site owner's own account must be paid back by that owner
   * (decision 0010): a refund, the owner's balance short of the cost at delivery, or paid after expiry
   * without stock. The order is refund_due; the owner pays back through their gateway or by hand.
   */
  'order.ownerRefundDue': {
    orderId: number;
    orderNo: string;
    siteId: number;
    ownerId: number;
    /** What the buyer gets back, fen. */
    amount: number;
    cause: 'refund' | 'cost_short' | 'no_stock';
  };
  /** A supplier's card goods fell to or below the supplier's own alert threshold (once per crossing; decision 0011). */
  'supply.stockLow': {
    goodsId: number;
    goodsName: string;
    /** The supplier to tell. */
    userId: number;
    available: number;
    threshold: number;
  };
  /** A batch of a supplier's settlement entries came due and was released to their balance (fen, entries). */
  'supply.settled': {
    userId: number;
    amount: number;
    entries: number;
  };
  /** A supplier's order task waits for them (a paid manual, recharge or physical order of their goods). */
  'supply.taskCreated': {
    taskId: number;
    orderNo: string;
    userId: number;
    goodsName: string;
  };
  /** A card goods' available cards fell to or below the dashboard's low-stock threshold (once per crossing). */
  'stock.low': {
    goodsId: number;
    siteId: number;
    available: number;
    threshold: number;
  };
  /** A member's level changed: they bought or upgraded it from their balance, or staff set it. Amount in fen. */
  'account.levelChanged': {
    userId: number;
    siteId: number;
    fromLevelId: number;
    fromLevelName: string;
    toLevelId: number;
    toLevelName: string;
    by: 'purchase' | 'staff';
    /** Fen taken from the balance (0 when staff set it or the upgrade was free). */
    paid: number;
  };
  /** A sold-out goods has stock again: cards imported into none, or staff raised a counted stock from 0. */
  'stock.restocked': {
    goodsId: number;
    siteId: number;
    /** What it has now; -1 = no limit. */
    available: number;
  };
  /** A member asked to withdraw: the money left their balance and waits for staff to review it. */
  'withdrawal.requested': {
    withdrawalId: number;
    withdrawNo: string;
    userId: number;
    amount: number;
  };
  /**
   * A sub-site's paid time ends soon: 7, 3 and 1 days before (each once per period). After it ends
   * the site stays open for the grace days, then expires until renewed.
   */
  'site.expiring': {
    siteId: number;
    ownerId: number;
    title: string;
    /** Epoch ms. */
    expiresAt: number;
    /** The reminder: 7, 3 or 1 (days before). */
    daysLeft: number;
  };
  /**
   * A lower goods limit of a site's version took goods off the owner's shelf (decision 0019): the
   * first `maxGoods` in the catalogue's order stay; `removed` goods went off.
   */
  'site.shelfTrimmed': {
    siteId: number;
    ownerId: number;
    title: string;
    maxGoods: number;
    removed: number;
  };
  /** A member's online recharge was credited to their balance (amount and bonus in fen). */
  'recharge.paid': {
    rechargeId: number;
    userId: number;
    siteId: number;
    amount: number;
    bonus: number;
  };
  /**
   * An invitee's order was delivered and earned an inviter commission (promotion): the sum of this
   * order's commissions for that inviter at that level (platform and site-owner funded), frozen until
   * `availableAt`. Amount in fen; the buyer is named by id only.
   */
  'promotion.credited': {
    userId: number;
    orderId: number;
    orderNo: string;
    buyerId: number;
    level: number;
    amount: number;
    /** Epoch ms when it becomes collectable (with today's freeze days). */
    availableAt: number;
  };
  /**
   * A redemption code was redeemed (decision 0013): balance credited to the member, or an order of its
   * goods created and delivered through the usual path. Amount: the balance credited (fen), 0 for goods.
   */
  'cdk.redeemed': {
    codeId: number;
    batchId: number;
    siteId: number;
    /** null: a visitor (goods codes only). */
    userId: number | null;
    kind: 'goods' | 'balance';
    amount: number;
    orderId: number | null;
    orderNo: string | null;
  };
  /** A buyer complained on an order (decision 0011); the seller is the goods' supplier (null: the platform). */
  'complaint.opened': {
    complaintId: number;
    orderId: number;
    orderNo: string;
    siteId: number;
    /** The buyer; null: a visitor. */
    userId: number | null;
    sellerId: number | null;
    type: 'card_invalid' | 'not_received' | 'wrong_goods' | 'other';
  };
  /** Someone wrote in a complaint's thread; `status` is the complaint's status after it. */
  'complaint.replied': {
    complaintId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    sellerId: number | null;
    by: 'buyer' | 'seller' | 'staff';
    /** Member or staff id of the writer (null: a visitor). */
    authorId: number | null;
    status: 'open' | 'awaiting_seller' | 'awaiting_buyer' | 'arbitration';
  };
  /** A complaint went to platform arbitration: the seller did not answer in time, or the buyer asked. */
  'complaint.escalated': {
    complaintId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    sellerId: number | null;
    cause: 'seller_timeout' | 'buyer_request';
  };
  /** A complaint ended: refunded in full or in part (fen), rejected, or withdrawn by the buyer. */
  'complaint.closed': {
    complaintId: number;
    orderNo: string;
    siteId: number;
    userId: number | null;
    sellerId: number | null;
    outcome: 'refunded_full' | 'refunded_part' | 'rejected' | 'withdrawn';
    refunded: number;
  };
  /** Staff answered a consultation (咨询); userId null: a visitor (who reads it by their link). */
  'consultation.answered': {
    consultationId: number;
    siteId: number;
    userId: number | null;
    staffId: number;
  };
  /** A member signed in from another place than at their previous sign-in (by IP address lookup). */
  'account.newPlaceLogin': {
    userId: number;
    ip: string;
    address: string;
    previousAddress: string;
  };
  /**
   * A goods changed as buyers see it (open-API goods pushes, decision 0014): staff edited its price
   * or details, or moved its status; or its stock ran out or came back (stock publishes restocks).
   */
  'goods.changed': {
    goodsId: number;
    siteId: number;
    what: 'price' | 'status' | 'stock' | 'info';
  };
  /**
   * A procurement order (docking, decision 0016) could not be completed at any upstream source:
   * refunded to the buyer, or left for staff (outcome unknown, short delivery). Staff are alerted.
   */
  'procurement.failed': {
    procurementId: number;
    procurementNo: string;
    orderNo: string;
    siteId: number;
    goodsName: string;
    reason: string;
    refunded: boolean;
  };
}
export type EventType = keyof DomainEvents;

export interface DomainEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  payload: DomainEvents[T];
  createdAt: number;
}

/** The job that fanned one event out, before events were dispatched by polling (rows of the previous release). */
export const DISPATCH_JOB = 'events.dispatch';
/** The job that hands one event to one consumer. */
export const deliveryJob = (type: EventType, consumer: string) => `events.deliver.${type}.${consumer}`;
/** Events one instance claims at once, and at most how many claims follow each other in one round. */
const DISPATCH_BATCH = 200;
const DISPATCH_ROUNDS = 10;
/** Events of one delivery job consumed in one transaction. */
const CONSUME_CHUNK = 50;

/**
 * Who listens, across the app instances of this process: for each event type, each consumer's
 * switch (`on`'s `when`) and what it wants (`on`'s `wants`). An event no switched-on consumer
 * wants is not written at all: the outbox is for handing events over, nothing else reads it, and
 * on the checkout path such a row was most of an event's price (a card order's order.paid is
 * wanted by nobody: the buyer hears of the delivery). What happened stays in the tables that say
 * so (orders, ledger, audit log). A consumer that registers or switches on later sees only events
 * written after it.
 */
interface Listener {
  on: () => boolean;
  wants?: Wants<EventType>;
}
const listeners = new Map<EventType, Listener[]>();

/**
 * True when a switched-on consumer wants this event (its `wants` judged on the payload). Without
 * a payload (not known yet), every switched-on consumer counts, so the answer is whether anyone
 * listens to the type: the dispatcher judges the payload again.
 */
export function isWanted(type: EventType, payload?: DomainEvents[EventType]): boolean {
  return (
    listeners.get(type)?.some((l) => l.on() && (payload === undefined || l.wants === undefined || l.wants(payload))) ??
    false
  );
}

/**
 * Of the events a statement is about to write (the PostgreSQL checkout writes its own), the types
 * someone wants, judged on the payloads as far as they are known before the statement (`payload`
 * absent: type only). Wakes the job runners when any is.
 */
export function wantedTypes(
  events: ReadonlyArray<{ type: EventType; payload?: DomainEvents[EventType] }>,
): EventType[] {
  const wanted = events.filter((e) => isWanted(e.type, e.payload)).map((e) => e.type);
  if (wanted.length) wakeRunners();
  return wanted;
}

/** The job runners of this process, woken when an event someone listens to is written (weakly held: closed apps go). */
const wakers = new Set<WeakRef<JobRunner>>();

function wakeRunners(): void {
  for (const ref of wakers) {
    const runner = ref.deref();
    if (runner) runner.wake();
    else wakers.delete(ref);
  }
}

/** One event to write with others (publishEvents). */
export type NewEvent = { [T in EventType]: { type: T; payload: DomainEvents[T] } }[EventType];

/**
 * Writes events inside the caller's transaction in one insert (e.g. an order paid and
 * delivered at once); the job runner dispatches them. Events no consumer wants are left out.
 */
export async function publishEvents(trx: Db, events: readonly NewEvent[], now = Date.now()): Promise<void> {
  const rows = events
    .filter((e) => isWanted(e.type, e.payload))
    .map((e) => ({ type: e.type, payload: JSON.stringify(e.payload), created_at: now, dispatched_at: null }));
  if (rows.length === 0) return;
  wakeRunners();
  if (rows.length === 1) return void (await insertEvent(trx, rows[0]!));
  // A checkout writes two or three at once: one statement rather than one each.
  await insertMany(
    trx,
    'domain_events',
    ['type', 'payload', 'created_at', 'dispatched_at'],
    rows.map((r) => [r.type, r.payload, r.created_at, r.dispatched_at]),
  );
}

/** Built once (core/db/prepared.ts): orders write events on every checkout, and Kysely's builder costs more than the insert. */
const insertEvent = preparedInsert('domain_events', 'none');

/**
 * Writes an event inside the caller's transaction, one insert; answers its id, or null when no
 * consumer wants it (nothing is written). The job runner dispatches it.
 */
export async function publishEvent<T extends EventType>(
  trx: Db,
  type: T,
  payload: DomainEvents[T],
  now = Date.now(),
): Promise<number | null> {
  if (!isWanted(type, payload)) return null;
  wakeRunners();
  const { id } = await trx
    .insertInto('domain_events')
    .values({ type, payload: JSON.stringify(payload), created_at: now, dispatched_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** How often each instance's dispatcher deletes old dispatched events (`purgeDispatchedEvents`). */
const PURGE_EVERY_MS = 3_600_000;
/**
 * How long a dispatched event is kept. Its delivery jobs retry for at most about 17 hours (20
 * attempts, backoff capped at an hour) and read it by id; after that nothing reads it again.
 */
export const KEEP_DISPATCHED_MS = 30 * 24 * 3_600_000;

/**
 * Deletes the events dispatched more than `KEEP_DISPATCHED_MS` ago, with their consumption
 * records, `batch` at a time (each in its own short transaction): without it the outbox grew by
 * every event ever handed over. It walks the table from its oldest id and stops at the first
 * batch that reaches events written since then (ids follow time), so a run with nothing to delete
 * reads one batch, not the table. Answers how many events went.
 */
export async function purgeDispatchedEvents(db: Db, now = Date.now(), batch = 5_000): Promise<number> {
  const before = now - KEEP_DISPATCHED_MS;
  let purged = 0;
  let after = 0;
  for (;;) {
    const head = await db
      .selectFrom('domain_events')
      .select(['id', 'created_at', 'dispatched_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const old = head
      .filter((e) => e.dispatched_at !== null && Number(e.dispatched_at) < before)
      .map((e) => Number(e.id));
    if (old.length > 0) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('event_consumptions').where('event_id', 'in', old).execute();
        await trx.deleteFrom('domain_events').where('id', 'in', old).execute();
      });
      purged += old.length;
    }
    if (head.length < batch || head.some((e) => Number(e.created_at) >= before)) return purged;
    after = Number(head[head.length - 1]!.id);
  }
}

type Handler<T extends EventType> = (event: DomainEvent<T>, trx: Db) => Promise<void>;
/** A consumer's work for several events at once, in one transaction (see `onChunk`). */
type ChunkHandler<T extends EventType> = (events: Array<DomainEvent<T>>, trx: Db) => Promise<void>;
type ConsumerOptions<T extends EventType> = { external?: boolean; when?: () => boolean; wants?: Wants<T> };
/** Whether a consumer has anything to do for an event, judged from its payload alone when it is dispatched. */
type Wants<T extends EventType> = (payload: DomainEvents[T]) => boolean;

/** The consumers of one app instance, registered at start-up (app.ts wires them). */
export class EventBus {
  private readonly consumers = new Map<EventType, string[]>();
  /** Consumers that are switched off at times (see `on`'s `when`). */
  private readonly switches = new Map<string, () => boolean>();
  /** Consumers that want only some events of their type (see `on`'s `wants`). */
  private readonly wants = new Map<string, Wants<EventType>>();
  /** When this instance next purges old dispatched events: not at start-up, where the first rounds should be light. */
  private purgeAt = Date.now() + 10 * 60_000;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    private readonly dialect: Dialect,
  ) {
    jobs.feedFrom((now) => this.dispatch(now));
    wakers.add(new WeakRef(jobs));
    // A dispatch job still queued by the previous release (rolling upgrade): fan its event out too.
    jobs.register(DISPATCH_JOB, async (payload) => {
      const { eventId } = payload as { eventId: number };
      await db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('domain_events')
          .select(['id', 'type', 'payload'])
          .where('id', '=', eventId)
          .executeTakeFirst();
        if (event) await this.enqueueDeliveries(trx, [event]);
      });
    });
  }

  /**
   * Hands the events nobody dispatched yet to their consumers' delivery jobs and marks them
   * dispatched. On PostgreSQL one transaction claims a batch (FOR UPDATE SKIP LOCKED: two
   * instances never fan out the same event), queues the jobs and sets dispatched_at, so an
   * instance dying in between leaves the events for the next round. SQLite is the embedded mode,
   * and a transaction held across awaits would block another connection of the same process
   * (tests run two instances on one file): there the steps run one by one, jobs first, so a crash
   * or a race between them only queues again what the jobs' unique keys and the
   * consumptions table turn into no second effect.
   */
  async dispatch(now = Date.now()): Promise<number> {
    if (now >= this.purgeAt) {
      // Housekeeping, hourly per instance (a second instance's purge finds nothing to delete).
      this.purgeAt = now + PURGE_EVERY_MS;
      await purgeDispatchedEvents(this.db, now);
    }
    // Under load events come faster than one batch a round: keep claiming while batches are full.
    let total = 0;
    for (let round = 0; round < DISPATCH_ROUNDS; round++) {
      const n = await this.dispatchBatch(now);
      total += n;
      if (n < DISPATCH_BATCH) return total;
    }
    // Still full after every claim (a backlog after a restart): the runner's next round comes soon.
    this.jobs.wake();
    return total;
  }

  private async dispatchBatch(now: number): Promise<number> {
    if (this.dialect !== 'postgres') return this.fanOut(this.db, now);
    // Most rounds find nothing: a read on the partial index, no transaction.
    const any = await this.db
      .selectFrom('domain_events')
      .select('id')
      .where('dispatched_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (!any) return 0;
    return this.db.transaction().execute((trx) => this.fanOut(trx, now));
  }

  private async fanOut(db: Db, now: number): Promise<number> {
    let undispatched = db
      .selectFrom('domain_events')
      .select(['id', 'type', 'payload'])
      .where('dispatched_at', 'is', null)
      .orderBy('id')
      .limit(DISPATCH_BATCH);
    if (this.dialect === 'postgres') undispatched = undispatched.forUpdate().skipLocked();
    const events = await undispatched.execute();
    if (events.length === 0) return 0;
    await this.enqueueDeliveries(db, events, now);
    await db
      .updateTable('domain_events')
      .set({ dispatched_at: now })
      .where(this.idIn(events.map((e) => Number(e.id))))
      .execute();
    return events.length;
  }

  /**
   * Queues the deliveries of a dispatched batch, due at `runAt` (the dispatching round's time, so
   * that round runs them): one job per consumer for all the batch's events of its type, not one per
   * event and consumer. A checkout burst writes thousands of events a second; a job row per event
   * and consumer cost more than most consumers' own work (docs/benchmarks.md, Sub-sites).
   */
  private async enqueueDeliveries(
    trx: Db,
    events: Array<{ id: number; type: string; payload: string }>,
    runAt = Date.now(),
  ): Promise<void> {
    const batches = new Map<string, number[]>();
    for (const event of events) {
      let payload: unknown;
      for (const consumer of this.consumers.get(event.type as EventType) ?? []) {
        const key = `${event.type}:${consumer}`;
        if (this.switches.get(key)?.() === false) continue;
        const wants = this.wants.get(key);
        if (wants) {
          payload ??= JSON.parse(event.payload);
          if (!wants(payload as DomainEvents[EventType])) continue;
        }
        const job = deliveryJob(event.type as EventType, consumer);
        const ids = batches.get(job) ?? [];
        ids.push(Number(event.id));
        batches.set(job, ids);
      }
    }
    for (const [job, eventIds] of batches) {
      // The first event keys the job: a second dispatcher racing over the same batch (SQLite) adds nothing.
      await enqueueJob(trx, job, { eventIds }, { uniqueKey: `${job}:${eventIds[0]}`, maxAttempts: 20, runAt });
    }
  }

  /**
   * `consumer` names what reacts (e.g. 'audit', 'accounts.securityMail'); it must stay the same
   * across releases, as it keys what was consumed. A consumer whose work is in the database gets
   * the transaction that also records the consumption (its work happens once; it must use that
   * transaction, not the pool). `external: true` is for work outside the database (mail): it runs
   * without a transaction, before the consumption is recorded, so it may run again after a crash.
   * `when` switches a consumer off while it answers false (mail without a mail server): events
   * dispatched meanwhile queue no delivery for it, so they cost it nothing. `wants` answers, from
   * an event's payload alone, whether the consumer has anything to do for it (a card order for a
   * consumer of hand-delivered goods: no); events it declines are never handed to it, costing
   * neither a job nor a consumption row; an event no consumer wants is not written. It must be a
   * pure function of the payload's kinds, flags and parties, never of its ids' values (an event is
   * judged when written, where the PostgreSQL checkout has no order id yet, and again when
   * dispatched).
   */
  on<T extends EventType>(type: T, consumer: string, handle: Handler<T>, options: ConsumerOptions<T> = {}): void {
    this.register(type, consumer, handle, undefined, options);
  }

  /**
   * As `on`, for a consumer that does its work for a chunk of events at once (one multi-row insert
   * instead of one per event): it gets the chunk's events not consumed before, in the transaction
   * that records their consumption. A chunk that fails is retried event by event, each alone.
   */
  onChunk<T extends EventType>(
    type: T,
    consumer: string,
    handleChunk: ChunkHandler<T>,
    options: Omit<ConsumerOptions<T>, 'external'> = {},
  ): void {
    this.register(type, consumer, (event, trx) => handleChunk([event], trx), handleChunk, options);
  }

  private register<T extends EventType>(
    type: T,
    consumer: string,
    handle: Handler<T>,
    handleChunk: ChunkHandler<T> | undefined,
    options: ConsumerOptions<T>,
  ): void {
    const list = this.consumers.get(type) ?? [];
    if (list.includes(consumer)) throw new Error(`consumer ${consumer} is already registered for ${type}`);
    this.consumers.set(type, [...list, consumer]);
    if (options.when) this.switches.set(`${type}:${consumer}`, options.when);
    if (options.wants) this.wants.set(`${type}:${consumer}`, options.wants as Wants<EventType>);
    listeners.set(type, [
      ...(listeners.get(type) ?? []),
      { on: options.when ?? (() => true), wants: options.wants as Wants<EventType> | undefined },
    ]);
    this.jobs.register(
      deliveryJob(type, consumer),
      async (payload) => {
        // `{ eventId }`: a job queued by a release before batching.
        const { eventId, eventIds } = payload as { eventId?: number; eventIds?: number[] };
        const ids = eventIds ?? (eventId === undefined ? [] : [eventId]);
        if (ids.length === 0) return;
        const rows = await this.db
          .selectFrom('domain_events')
          .selectAll()
          .where(this.idIn(ids))
          .orderBy('id')
          .execute();
        const batch: Array<DomainEvent<T>> = rows.map((row) => ({
          id: Number(row.id),
          type: row.type as T,
          payload: JSON.parse(row.payload) as DomainEvents[T],
          createdAt: Number(row.created_at),
        }));
        if (options.external) return this.deliverOneByOne(consumer, batch, handle);
        // The common case: a chunk of events in one transaction (one commit instead of one per event;
        // chunks keep SQLite's single writer free for checkouts in between). If any event of a chunk
        // fails, nothing of the chunk stays and each of its events then goes alone, so one bad event
        // neither blocks nor repeats the others; the job fails (and is retried) only for the bad ones.
        const failures: string[] = [];
        for (let at = 0; at < batch.length; at += CONSUME_CHUNK) {
          const chunk = batch.slice(at, at + CONSUME_CHUNK);
          try {
            await this.db.transaction().execute(async (trx) => {
              const fresh = await this.takeChunk(trx, consumer, chunk);
              const events = chunk.filter((event) => fresh.has(event.id));
              if (handleChunk) {
                if (events.length > 0) await handleChunk(events, trx);
              } else for (const event of events) await handle(event, trx);
            });
            continue;
          } catch (err) {
            if (chunk.length === 1) {
              failures.push(`#${chunk[0]!.id}: ${err instanceof Error ? err.message : String(err)}`);
              continue;
            }
          }
          for (const event of chunk) {
            const err = await this.consumeAlone(consumer, event, handle);
            if (err) failures.push(`#${event.id}: ${err.message}`);
          }
        }
        if (failures.length) throw new Error(`${failures.length} 个事件处理失败：${failures.join('；').slice(0, 500)}`);
      },
      undefined,
      { detached: options.external ?? false },
    );
  }

  /**
   * `id` is one of `ids`: on PostgreSQL one array parameter (a batch holds up to 200 ids, and an
   * IN list is an operation node and a parameter each, built and parsed on every round).
   */
  private idIn(ids: number[]) {
    return this.dialect === 'postgres'
      ? sql<boolean>`id = any(${ids}::bigint[])`
      : sql<boolean>`id in (${sql.join(ids)})`;
  }

  /** Records the consumption of a chunk in one insert; answers the ids not consumed before. */
  private async takeChunk(trx: Db, consumer: string, chunk: ReadonlyArray<DomainEvent>): Promise<Set<number>> {
    const now = Date.now();
    const rows = await insertMany<'event_consumptions', { event_id: number | string }>(
      trx,
      'event_consumptions',
      ['consumer', 'event_id', 'consumed_at'],
      chunk.map((e) => [consumer, e.id, now]),
      { conflict: 'on conflict ("consumer", "event_id") do nothing', returning: 'event_id' },
    );
    return new Set(rows.map((r) => Number(r.event_id)));
  }

  /** Records the consumption and does the work in `trx`; an event consumed before is skipped. */
  private async consumeIn<T extends EventType>(trx: Db, consumer: string, event: DomainEvent<T>, handle: Handler<T>) {
    const taken = await trx
      .insertInto('event_consumptions')
      .values({ consumer, event_id: event.id, consumed_at: Date.now() })
      .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0n) === 0) return; // consumed before
    await handle(event, trx);
  }

  /** One event in its own transaction; answers its error instead of throwing. */
  private async consumeAlone<T extends EventType>(
    consumer: string,
    event: DomainEvent<T>,
    handle: Handler<T>,
  ): Promise<Error | null> {
    try {
      await this.db.transaction().execute((trx) => this.consumeIn(trx, consumer, event, handle));
      return null;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  }

  /** Work outside the database (mail): each event's effect, then its record; a crash in between repeats only that one. */
  private async deliverOneByOne<T extends EventType>(
    consumer: string,
    batch: Array<DomainEvent<T>>,
    handle: Handler<T>,
  ) {
    const failures: string[] = [];
    for (const event of batch) {
      const done = await this.db
        .selectFrom('event_consumptions')
        .select('event_id')
        .where('consumer', '=', consumer)
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      if (done) continue;
      try {
        await handle(event, this.db);
      } catch (err) {
        failures.push(`#${event.id}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      await this.db
        .insertInto('event_consumptions')
        .values({ consumer, event_id: event.id, consumed_at: Date.now() })
        .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
        .execute();
    }
    if (failures.length) throw new Error(`${failures.length} 个事件处理失败：${failures.join('；').slice(0, 500)}`);
  }
}
