import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db, Dialect } from './db/connect.js';
import { duplicateRedis } from './redis.js';

/**
 * Redis channel prefix: the instances of one deployment (one database, told apart by its
 * install time) listen on `kapu:cache:<installed at>`; a message is the name of a cache that changed.
 */
const CHANNEL = 'kapu:cache:';
/** Settings row holding a cache's version stamp: `cache.v.<name>` = a fresh random value per change. */
const STAMP_PREFIX = 'cache.v.';
/** How often the stamps are read while Redis pub/sub is not live (no Redis, or Redis down). */
export const POLL_MS = 2_000;
/** … and while it is: a safety net for a message lost in a reconnect. */
export const POLL_LIVE_MS = 10_000;
/** When a change announced inside a transaction is told over pub/sub: after it has (very likely) committed. */
const AFTER_COMMIT_MS = [100, 1_000];

type Logger = Pick<FastifyBaseLogger, 'warn' | 'info'>;

interface Registered {
  reload: () => Promise<void>;
  running?: Promise<boolean>;
  again?: boolean;
}

/**
 * The one way a per-process copy of database data (settings, the site row) follows a change
 * made by any instance. The writer calls `changed(name)`; every instance — itself included —
 * reloads that cache:
 * - through Redis pub/sub at once when REDIS_URL is set and Redis is up;
 * - through a version stamp in the database (a settings row per cache, written by the same
 *   statement sequence or transaction as the change) that each PostgreSQL instance reads every
 *   2 s while pub/sub is not live, and every 10 s as a safety net while it is.
 * On SQLite (one process by design) there is no stamp and no poll: the local reload is all.
 * Caches of rows that carry their own version (goods rules by `updated_at`) or that exist on
 * SQLite only (core/db/read-cache.ts, core/sessions.ts) need none of this.
 */
export class CacheSync {
  private readonly caches = new Map<string, Registered>();
  private readonly seen = new Map<string, string>();
  private subscriber: Redis | undefined;
  private live = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPoll = 0;
  private polling = false;
  private stopped = false;
  private readonly channel: string;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly redis: Redis | undefined,
    private readonly log: Logger,
    /** Tells deployments sharing one Redis apart (app.ts: the install time). */
    deployment = '',
  ) {
    this.channel = CHANNEL + deployment;
  }

  /** A cache and how to reload it from the database. */
  register(name: string, reload: () => Promise<void>): void {
    this.caches.set(name, { reload });
  }

  /** After a committed change: reload here and tell the other instances. */
  async changed(name: string): Promise<void> {
    await this.reload(name);
    await this.announce(name);
  }

  /**
   * Tells the other instances that `name` changed, without reloading here (the caller updated
   * its copy itself). Given a transaction, the stamp is written in it, so it is seen only once
   * the change is committed. The pub/sub message could then arrive before the commit (and the
   * others would reload the old value), so it is sent twice a little later instead: transactions
   * that change settings are short, and with Redis live the poll only runs every 10 s.
   */
  async announce(name: string, db: Db = this.db): Promise<void> {
    if (this.dialect === 'postgres') {
      const key = STAMP_PREFIX + name;
      const value = `${Date.now()}.${randomBytes(4).toString('hex')}`;
      const now = Date.now();
      await db
        .insertInto('settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    }
    if (db === this.db) await this.publish(name);
    else for (const ms of AFTER_COMMIT_MS) setTimeout(() => void this.publish(name), ms).unref();
  }

  private async publish(name: string): Promise<void> {
    if (this.redis?.status === 'ready' && !this.stopped)
      await this.redis.publish(this.channel, name).catch(() => undefined);
  }

  /** Starts listening (Redis) and polling (PostgreSQL). */
  async start(): Promise<void> {
    if (this.redis) {
      const sub = (this.subscriber = duplicateRedis(this.redis, this.log, 'cache-sync'));
      sub.on('message', (channel: string, name: string) => {
        if (channel === this.channel) void this.reload(name);
      });
      sub.on('ready', () => {
        sub.subscribe(this.channel).then(
          () => {
            this.live = true;
            // Messages sent while we were away are lost: catch up from the stamps now.
            void this.poll();
          },
          () => undefined,
        );
      });
      sub.on('close', () => {
        this.live = false;
      });
    }
    if (this.dialect === 'postgres') {
      await this.poll();
      // Every 2 s unless pub/sub is live, then every 10 s; checked each 2 s, so losing Redis
      // brings the fast pace back at once.
      this.timer = setInterval(() => {
        if (this.live && Date.now() - this.lastPoll < POLL_LIVE_MS) return;
        void this.poll();
      }, POLL_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.subscriber?.disconnect();
  }

  /** Reads every stamp; reloads the caches whose stamp moved since the last read. */
  async poll(): Promise<void> {
    if (this.dialect !== 'postgres' || this.caches.size === 0 || this.polling || this.stopped) return;
    this.polling = true;
    this.lastPoll = Date.now();
    try {
      await this.pollOnce();
    } finally {
      this.polling = false;
    }
  }

  private async pollOnce(): Promise<void> {
    let rows: Array<{ key: string; value: string }>;
    try {
      rows = await this.db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where(
          'key',
          'in',
          [...this.caches.keys()].map((n) => STAMP_PREFIX + n),
        )
        .execute();
    } catch {
      return; // database away: the next round tries again
    }
    await Promise.all(
      rows.map(async (row) => {
        const name = row.key.slice(STAMP_PREFIX.length);
        if (this.seen.get(name) === row.value) return;
        // Remembered only after a reload that worked, so a failed one is retried.
        if (await this.reload(name)) this.seen.set(name, row.value);
      }),
    );
  }

  /**
   * Reloads one cache. Calls while a reload runs make one more run after it, so a change
   * committed during a reload is never missed; true when the last run succeeded.
   */
  private reload(name: string): Promise<boolean> {
    const cache = this.caches.get(name);
    if (!cache) return Promise.resolve(false);
    if (cache.running) {
      cache.again = true;
      return cache.running;
    }
    cache.running = (async () => {
      await null; // `running` is set before the first run starts
      let ok = false;
      do {
        cache.again = false;
        try {
          await cache.reload();
          ok = true;
        } catch (err) {
          ok = false;
          this.log.warn({ err: err instanceof Error ? err.message : String(err), cache: name }, '缓存重新加载失败');
        }
      } while (cache.again && !this.stopped);
      cache.running = undefined;
      return ok;
    })();
    return cache.running;
  }
}
