import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { Codes } from '@kapu/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { ZodError } from 'zod';
import type { Config } from './core/config.js';
import { ADMIN_PREFIX, firstSegment, namesAdminPrefix } from './core/context.js';
import { connectDatabase, type DbHandle } from './core/db/connect.js';
import { migrateToLatest } from './core/db/migrate.js';
import { withStartLock } from './core/db/start-lock.js';
import { failure } from './core/envelope.js';
import { isBusinessError } from './core/errors.js';
import { JobRunner } from './core/jobs.js';
import { EventBus } from './core/events.js';
import { OrderHolds } from './core/holds.js';
import { lazyChildLoggerFactory, loggerOptions } from './core/logger.js';
import { registerMetrics } from './core/metrics.js';
import { RedisLimitStore } from './core/rate-limit-store.js';
import { openRedis, redisState, whenReady } from './core/redis.js';
import { CacheSync } from './core/cache-sync.js';
import { registerInputGuard } from './core/input-guard.js';
import { trackRoutes } from './core/route-table.js';
import { registerRequestContext } from './core/request-context.js';
import { SettingKeys, SettingsStore } from './core/settings.js';
import { registerUploadCalls } from './core/uploads.js';
import { registerWebApp } from './core/web-app.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { checkKeys } from './core/key-check.js';
import { recordAudit, registerAuditAdminRoutes, registerAuditConsumers } from './modules/audit/index.js';
import { registerVerificationAdminRoutes, secretBoxFor } from './modules/verification/index.js';
import { cardBoxFor } from './core/secret-box.js';
import type { Deps } from './deps.js';
import { applyPayment, cancelOrder, createOrder, expireOrder, payByBalance, refundOrder } from './flows/checkout.js';
import { refundOrderAmount, refundOrderPart } from './flows/order-refund.js';
import { runFirstStart, type FirstStart } from './first-start.js';
import {
  accountCenterService,
  accountsService,
  registerSecurityMail,
  registerAccountCenterRoutes,
  registerAccountRoutes,
  registerAccountAdminRoutes,
  memberLabels,
  resolveMember,
  MEMBER_READS,
} from './modules/accounts/index.js';
import { registerDashboardRoutes, registerSettingsOverview } from './modules/admin/index.js';
import { contentService, registerContentAdminRoutes, registerContentRoutes } from './modules/content/index.js';
import { oauthBindings, oauthService, registerOAuthAdminRoutes, registerOAuthRoutes } from './modules/oauth/index.js';
import {
  registerSiteAdminRoutes,
  registerSiteOwnerRoutes,
  registerSiteRoutes,
  siteOfRequest,
  siteResolver,
  siteLabels,
  siteRulesFor,
  sitesService,
  SITE_PATH_PATTERN,
  registerSiteJobs,
  registerSiteMemberRoutes,
} from './modules/sites/index.js';
import {
  registerStaffAdminRoutes,
  registerStaffRoutes,
  staffResolver,
  staffService,
  staffUsernames,
  STAFF_READS,
} from './modules/staff/index.js';
import {
  catalogService,
  levelSalesService,
  levelsService,
  memberLevels,
  platformGoodsByIds,
  refreshSoldCounts,
  registerCatalogRoutes,
  shelfCatalog,
} from './modules/catalog/index.js';
import { availableCardCounts, registerStockRoutes, stockService } from './modules/stock/index.js';
import { fundsModule, registerFundsRoutes } from './modules/funds/index.js';
import {
  goodsBoughtBy,
  goodsPaidSince,
  ordersService,
  paidQuantityOfGoods,
  registerDeliveryMail,
  registerMyRepealRoutes,
  registerOrderRoutes,
} from './modules/orders/index.js';
import { registerPayments } from './modules/payments/index.js';
import { registerMessages } from './modules/messages/index.js';
import { registerSiteOfficeRoutes, siteOfficeService } from './modules/site-office/index.js';
import { certifyService, registerCertifyRoutes } from './modules/certify/index.js';
import { goodsHeldByReview, registerSupply, supplyDelivered, supplyRefunded } from './modules/supply/index.js';
import { registerCdk } from './modules/cdk/index.js';
import { registerComplaints } from './modules/complaints/index.js';
import { registerServiceDesk } from './modules/service/index.js';
import {
  decorationService,
  registerDecorationAdminRoutes,
  registerDecorationRoutes,
} from './modules/decoration/index.js';
import { registerPromotion } from './modules/promotion/index.js';
import { registerWebhooks } from './modules/webhooks/index.js';
import { registerOpenApi } from './modules/openapi/index.js';
import { registerSharedStore } from './modules/shared-store/index.js';
import { registerDocking } from './modules/docking/index.js';

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  /** Set on the very first start: the admin path and the one-time password to print. */
  firstStart: FirstStart | null;
  redis: Redis | undefined;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** A database already opened (tests); otherwise opened from the config. */
  database?: DbHandle;
  /** Fixed admin password for the first start (tests; otherwise KAPU_ADMIN_PASSWORD or random). */
  seedAdminPassword?: string;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** The HTTP CSP the built web app needs: own scripts, antd's inline styles, own images. */
const CSP = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'", 'https:', 'http:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
};

/**
 * Rewrites `/{adminPath}/…` API calls to the internal admin prefix and sends the prefix itself,
 * in any spelling (percent-encoded, other case, undecodable), nowhere. Decided on the decoded
 * first segment, as the router matches it.
 */
function adminRewrite(settings: SettingsStore) {
  return (url: string, method: string): string => {
    if (namesAdminPrefix(url)) return '/__blocked';
    const adminPath = settings.adminPath;
    if (!adminPath || method === 'GET' || method === 'HEAD') return url;
    if (firstSegment(url) !== adminPath) return url;
    const end = url.slice(1).search(/[/?]/);
    return ADMIN_PREFIX + (end === -1 ? '' : url.slice(end + 1));
  };
}

/**
 * `/{site path}/…` → `/…` for the site's pages and calls (decision 0009): a first segment that the
 * app does not serve, shaped like a site path, followed by nothing or by a segment the app serves.
 * The path is kept on the raw request; the request context resolves it (an unknown one answers
 * SITE_NOT_FOUND to calls). Synchronous, as the router needs it: no lookup here.
 */
function sitePathRewrite(settings: SettingsStore, reserved: () => (segment: string) => boolean) {
  return (req: { url?: string; kapuSitePath?: string }, url: string): string => {
    const first = firstSegment(url);
    if (!first || !SITE_PATH_PATTERN.test(first) || first === settings.adminPath) return url;
    const isReserved = reserved();
    if (isReserved(first)) return url;
    const rest = url.slice(1 + first.length);
    if (rest !== '' && rest[0] !== '/' && rest[0] !== '?') return url;
    const next = rest === '' || rest[0] === '?' ? '/' + rest : rest;
    const second = firstSegment(next);
    if (second !== '' && second !== null && !isReserved(second) && second !== 'decorate') return url;
    req.kapuSitePath = first;
    return next;
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const handle =
    options.database ??
    connectDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
      sqliteCacheMb: config.sqliteCacheMb,
      poolSize: config.databasePoolSize,
    });
  const { db, dialect } = handle;

  const settings = new SettingsStore(db);
  const rewrite = adminRewrite(settings);
  let reserved: (segment: string) => boolean = () => true;
  const siteRewrite = sitePathRewrite(settings, () => reserved);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    rewriteUrl: (req) => siteRewrite(req, rewrite(req.url ?? '/', req.method ?? 'GET')),
    // Per-request lines only while developing; production logs what matters (errors, jobs).
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'production' }),
  });

  // Instances started together on a new database: one migrates and seeds, the others wait
  // for it and then find the data in place (docs/operations.md, 多实例).
  const firstStart = await withStartLock(
    { dialect, databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile },
    app.log,
    async () => {
      await migrateToLatest(db as unknown as Kysely<unknown>, dialect, app.log);
      await settings.load();
      await checkKeys(settings, { card: cardBoxFor(config.dataDir), secrets: secretBoxFor(config.dataDir) });
      return runFirstStart(db, settings, {
        adminPassword: options.seedAdminPassword ?? config.firstAdminPassword,
        cardBox: cardBoxFor(config.dataDir),
      });
    },
  );
  // Redis only for scale-out deployments; the client is loaded when REDIS_URL is set. Start-up
  // waits a moment for it, then serves without it (core/redis.ts) until it comes.
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  if (redis) await whenReady(redis, 3_000);
  // Per-process copies of settings and the site row follow changes made by any instance.
  const caches = new CacheSync(db, dialect, redis, app.log, settings.get(SettingKeys.installedAt));
  caches.register('settings', () => settings.load());
  settings.announce = (on) => caches.announce('settings', on);
  const jobs = new JobRunner(db, dialect, app.log);
  const events = new EventBus(db, jobs, dialect);
  const deps: Deps = { db, dialect, config, settings, caches, jobs, events, holds: new OrderHolds(), log: app.log };

  trackRoutes(app, config.webDist);
  reserved = (segment) => app.isReservedPath(segment);
  registerSecurityHeaders(
    app,
    { contentSecurityPolicy: CSP, crossOriginEmbedderPolicy: false },
    // Plain HTTP: no upgrade of asset requests, no HSTS (browsers ignore it there anyway).
    {
      contentSecurityPolicy: { directives: { ...CSP.directives, upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    },
  );
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: RedisLimitStore.for(redis, app.log) } : {}),
  });
  registerMetrics(app, config.metricsToken);
  registerInputGuard(app);
  // Admin writes declared with `audit` in defineCall land in the audit log, in the change's transaction.
  app.decorate('recordAdminWrite', (trx, ctx, action, target, before, after, siteId) =>
    recordAudit(trx, ctx, action, target, before, after, siteId),
  );

  const sites = sitesService(db);
  await sites.loadPlatform();
  const resolver = siteResolver(db, sites.platformRef);
  caches.register('site', async () => {
    await sites.loadPlatform();
    resolver.clear();
  });
  // Owners' price rules, shelves and special customers, kept per process (modules/sites/site-rules.ts).
  caches.register('site-rules', async () => siteRulesFor(db).clear());
  registerRequestContext(app, {
    db,
    platformSite: sites.platformRef,
    siteOf: (req) => siteOfRequest(req, resolver, sites.platformRef),
    resolvers: {
      user: { resolve: resolveMember, reads: MEMBER_READS },
      admin: { resolve: staffResolver('admin'), reads: STAFF_READS },
      other: { resolve: staffResolver('other'), reads: STAFF_READS },
    },
  });

  app.setErrorHandler((err, req, reply) => {
    if (isBusinessError(err)) {
      app.countBusinessError(err.code);
      return reply.code(200).send(failure(err.code, err.message, err.data));
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const field = issue?.path.join('.') ?? '';
      app.countBusinessError(Codes.BAD_INPUT.code);
      return reply.code(200).send(
        failure(Codes.BAD_INPUT.code, issue?.message ?? Codes.BAD_INPUT.msg, {
          field,
          issues: err.issues.map((i) => ({ field: i.path.join('.'), msg: i.message })),
        }),
      );
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Transport faults (bad JSON, body too large, wrong content type): real HTTP status.
      const msg = status === 413 ? '提交的数据过大' : status === 415 ? '不支持的提交格式' : Codes.BAD_INPUT.msg;
      return reply.code(status).send(failure(Codes.BAD_INPUT.code, msg));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(failure(Codes.SERVER_BUSY.code, Codes.SERVER_BUSY.msg));
  });

  // Liveness: the process answers. Restarting it would not fix the database or Redis.
  app.get('/healthz', async () => ({ status: 'ok', db: dialect }));
  // Readiness: the database answers (else 503: take this instance out of the balancer); Redis
  // down only degrades (limits per instance, cache changes by polling), still 200.
  app.get('/readyz', async (_req, reply) => {
    const dbState = await Promise.race([
      db
        .selectFrom('settings')
        .select('key')
        .limit(1)
        .execute()
        .then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
      new Promise<'down'>((resolve) => setTimeout(resolve, 3_000, 'down').unref()),
    ]);
    const redisNow = redis ? await redisState(redis) : 'off';
    if (dbState === 'down') return reply.code(503).send({ status: 'down', db: 'down', redis: redisNow });
    return { status: redisNow === 'down' ? 'degraded' : 'ok', db: 'ok', redis: redisNow };
  });

  registerSiteRoutes(app, sites);
  const accounts = accountsService(deps, memberLevels);
  registerAccountRoutes(app, accounts);
  const accountCenter = accountCenterService(deps, oauthBindings);
  registerAccountCenterRoutes(app, db, accountCenter);
  registerOAuthRoutes(app, oauthService(deps, accounts), accountCenter);
  registerStaffRoutes(app, staffService(deps), db);
  registerDashboardRoutes(app, deps);
  const content = contentService(deps);
  registerContentRoutes(app, content);
  // Each module registers its own admin calls; the settings page's one read is composed in admin.
  registerSiteAdminRoutes(app, deps, () => caches.changed('site'), shelfCatalog());
  registerAccountAdminRoutes(app, deps, memberLevels);
  registerSiteMemberRoutes(app, deps, shelfCatalog());
  await registerSiteJobs(deps);
  registerStaffAdminRoutes(app, deps);
  registerAuditAdminRoutes(app, deps, {
    members: memberLabels,
    staff: staffUsernames,
    sites: async (conn, ids) =>
      new Map([...(await siteLabels(conn, ids))].map(([id, s]) => [id, s.path ? `${s.title}（/${s.path}）` : s.title])),
    goods: async (conn, ids) => new Map([...(await platformGoodsByIds(conn, ids))].map(([id, g]) => [id, g.name])),
  });
  registerVerificationAdminRoutes(app, deps);
  registerOAuthAdminRoutes(app, deps);
  registerContentAdminRoutes(app, deps, content);
  const decoration = decorationService(deps);
  registerDecorationRoutes(app, decoration);
  registerDecorationAdminRoutes(app, decoration);
  registerSettingsOverview(app, deps, content);
  const catalog = catalogService(deps, availableCardCounts, goodsBoughtBy, goodsHeldByReview);
  registerCatalogRoutes(app, catalog, levelsService(db), levelSalesService(db));
  registerSiteOwnerRoutes(app, deps, shelfCatalog());
  // Sales counts follow paid orders within seconds; payments never lock the goods row for
  // them. The first pass after start looks back a day, later ones overlap by a minute.
  let soldSince = Date.now() - 86_400_000;
  jobs.every('catalog.soldCounts', 5_000, async () => {
    const started = Date.now();
    await refreshSoldCounts(db, soldSince, { goodsPaidSince, paidQuantityOfGoods });
    soldSince = started - 60_000;
  });
  registerStockRoutes(app, stockService(deps));
  const funds = fundsModule(deps);
  registerFundsRoutes(app, funds);
  await funds.reconcile.scheduleDaily();
  const orders = ordersService(deps, {
    createOrder,
    payByBalance,
    cancelOrder,
    expireOrder,
    refundOrderAmount,
    supplierSettlement: { delivered: supplyDelivered, refunded: supplyRefunded },
  });
  registerOrderRoutes(app, orders);
  // Redemption codes: goods codes become orders through orders' redemption (decision 0013).
  const cdk = registerCdk(app, deps, { redeemOrder: orders.redeem, siteById: (id) => resolver.byId(id) });
  registerCertifyRoutes(app, db, certifyService(deps));
  registerMyRepealRoutes(app, deps);
  // The site owner's back office (/vip/*): composes orders, profits, accounts, sites and content.
  registerSiteOfficeRoutes(app, siteOfficeService(deps));
  // Suppliers (decision 0011): the refund flow is passed in, supply never imports flows/.
  await registerSupply(app, deps, { refundOrder });
  // Complaints hold their orders' money and refund through the refund flow; the desk reads orders and complaints.
  const complaints = await registerComplaints(app, deps, { refundOrderAmount });
  registerServiceDesk(app, deps, { orders, complaints });
  registerDeliveryMail(deps);
  registerSecurityMail(deps);
  registerAuditConsumers(events);
  // Promotion: commissions on invitees' delivered orders (consumes order.delivered / order.refunded).
  registerPromotion(app, deps);
  await registerMessages(app, deps);
  await registerPayments(app, deps, firstStart !== null, { applyPayment, refundOrder });
  // Outbound webhooks: consumes the domain events members and the platform subscribed to (decision 0017).
  await registerWebhooks(app, deps);
  // The open API (decision 0014): an API order is the member's order, placed through orders like a
  // balance checkout; goods as the member's site sells them; transfers, complaints and gift codes reused.
  await registerOpenApi(app, deps, {
    siteById: (id) => resolver.byId(id),
    catalog,
    orders,
    transfer: (ctx, input) => funds.transfers.transfer(ctx, input),
    openComplaint: (ctx, input) => complaints.openByMember(ctx, input),
    createGiftCodes: (ctx, input) => cdk.createMine(ctx, input),
  });
  // acg-faka 共享店铺 (decision 0015): acg-faka shops buy members' goods; orders through orders' calls.
  registerSharedStore(app, deps, {
    catalog,
    createOrder: (ctx, input) => orders.create(ctx, input),
    orderOf: (ctx, orderNo) => orders.myDetail(ctx, orderNo),
  });
  // Docking (decision 0016): paid orders of docked goods are forwarded upstream; the refund flows are ports
  // (the whole order when nothing came, the missing part of a short delivery).
  await registerDocking(app, deps, {
    refundOrder,
    refundPart: (order, amount, reason, operator, within) =>
      refundOrderPart(deps, order, amount, reason, operator, within),
  });
  registerUploadCalls(app, db, config.uploadsDir, ADMIN_PREFIX);
  await registerWebApp(app, config.webDist, config.uploadsDir);
  await caches.start();

  let closed = false;
  return {
    app,
    deps,
    firstStart,
    redis,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await jobs.stop();
      caches.stop();
      if (redis) {
        await redis.quit().catch(() => undefined);
        redis.disconnect(); // also ends reconnecting to a Redis that is away
      }
      await handle.close();
    },
  };
}
