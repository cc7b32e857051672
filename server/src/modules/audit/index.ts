import { AUDIT_TARGET_KINDS, auditActionLabel, type AuditEntry, type Paged } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { EventBus } from '../../core/events.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';

const SECRET_KEY = /pass|secret|token|hash|totp|code|pwd|key/i;

/** Copies a value with every secret-looking field replaced, for the audit trail. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? '***' : maskSecrets(v)]),
    );
  }
  return value;
}

/**
 * One row per audited write: who, what, on which object, before/after (secrets masked), from where.
 * Staff are recorded by id and username; a member's own audited act (buying a level) has no staff
 * id (0, like the member events the consumers below record) and the member's login name.
 */
export async function recordAudit(
  db: Db,
  ctx: RequestContext,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
  siteId: number | null = null,
): Promise<void> {
  const staff = ctx.actor && ctx.actor.area !== 'user' ? ctx.actor : null;
  await db
    .insertInto('audit_logs')
    .values({
      staff_id: staff?.id ?? 0,
      staff_name: staff?.name ?? (ctx.actor ? `会员 ${ctx.actor.name}` : ''),
      action,
      target: target.slice(0, 100),
      before_json: before === undefined || before === null ? null : JSON.stringify(maskSecrets(before)),
      after_json: after === undefined || after === null ? null : JSON.stringify(maskSecrets(after)),
      ip: ctx.ip,
      site_id: siteId,
      created_at: Date.now(),
    })
    .execute();
}

/**
 * The audit log's event consumers: account events that are not an admin's call are recorded
 * from the event, in the consumer's transaction (so once, even when the event is handed twice).
 */
export function registerAuditConsumers(events: EventBus): void {
  events.on('account.salePasswordLocked', 'audit', async (event, trx) => {
    const p = event.payload;
    await trx
      .insertInto('audit_logs')
      .values({
        staff_id: 0,
        staff_name: p.memberName,
        action: 'accounts.salePwdLocked',
        target: `user:${p.userId}`,
        before_json: null,
        after_json: JSON.stringify({ tries: p.tries, lockedMinutes: p.lockedMinutes }),
        ip: p.ip,
        created_at: event.createdAt,
      })
      .execute();
  });
}

/**
 * Who the targets' ids are, asked of their owners (accounts for members, staff for staff); app.ts
 * passes these in, so the audit log, which every module writes to, imports none of them.
 */
export interface AuditNames {
  members(db: Db, ids: number[]): Promise<Map<number, { userNo: string; loginName: string }>>;
  staff(db: Db, ids: number[]): Promise<Map<number, string>>;
  /** Sub-sites' titles (from sites), for the entries of owners' edits. */
  sites(db: Db, ids: number[]): Promise<Map<number, string>>;
  /** Goods names (from catalog), for shelf and goods edits ("goods:1,2,3"). */
  goods?(db: Db, ids: number[]): Promise<Map<number, string>>;
}

/**
 * A site owner reads their own site's entries: objects are named by kind and id only (no other
 * member's number or login name is looked up for them), and the site is theirs.
 */
export const OWNER_AUDIT_NAMES: AuditNames = {
  members: async () => new Map(),
  staff: async () => new Map(),
  sites: async () => new Map(),
};

/**
 * Members and staff named in targets, as people know them: a member by member number and login
 * name, staff by username (the internal ids stay out of the screen).
 */
async function targetNames(db: Db, targets: string[], who: AuditNames): Promise<Map<string, string>> {
  const ids = (kind: string) => [
    ...new Set(
      targets
        .filter((t) => t.startsWith(`${kind}:`))
        .map((t) => Number(t.slice(kind.length + 1)))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
  const names = new Map<string, string>();
  const users = ids('user');
  if (users.length)
    for (const [id, u] of await who.members(db, users)) names.set(`user:${id}`, `会员 ${u.userNo}（${u.loginName}）`);
  const staff = ids('staff');
  if (staff.length)
    for (const [id, username] of await who.staff(db, staff)) names.set(`staff:${id}`, `管理员 ${username}`);
  // Goods targets may name several goods ("goods:1,2,3": a bulk shelf change): the first names, then the count.
  const goodsTargets = targets.filter((t) => t.startsWith('goods:'));
  const goodsIdsOf = (t: string) =>
    t
      .slice('goods:'.length)
      .split(',')
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
  const goodsIds = [...new Set(goodsTargets.flatMap(goodsIdsOf))];
  if (who.goods && goodsIds.length) {
    const goods = await who.goods(db, goodsIds);
    for (const t of goodsTargets) {
      const named = goodsIdsOf(t)
        .map((id) => goods.get(id))
        .filter((n): n is string => n !== undefined);
      const count = goodsIdsOf(t).length;
      if (named.length) names.set(t, `商品 ${named.slice(0, 3).join('、')}${count > 3 ? ` 等 ${count} 件` : ''}`);
    }
  }
  return names;
}

function targetText(target: string, names: Map<string, string>): string {
  const known = names.get(target);
  if (known) return known;
  const [kind, ...rest] = target.split(':');
  const id = rest.join(':');
  const label = AUDIT_TARGET_KINDS[kind] ?? '对象';
  return id ? `${label} ${id}` : label;
}

export async function listAudit(
  db: Db,
  timeZone: string,
  f: {
    page: number;
    pageSize: number;
    staffId?: number;
    action?: string;
    target?: string;
    from?: number;
    to?: number;
    siteId?: number;
  },
  who: AuditNames,
): Promise<Paged<AuditEntry>> {
  let q = db.selectFrom('audit_logs');
  if (f.siteId) q = q.where('site_id', '=', f.siteId);
  if (f.staffId) q = q.where('staff_id', '=', f.staffId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target) q = q.where('target', '=', f.target);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  const rows = await fetchPage(q.selectAll().orderBy('id', 'desc'), f);
  const [names, sites] = await Promise.all([
    targetNames(
      db,
      rows.list.map((r) => r.target),
      who,
    ),
    who.sites(db, [...new Set(rows.list.map((r) => r.site_id).filter((id): id is number => id !== null))]),
  ]);
  return mapPage(rows, (r) => ({
    id: r.id,
    staffId: r.staff_id,
    staffName: r.staff_name,
    action: r.action,
    actionText: auditActionLabel(r.action),
    target: r.target,
    targetText: targetText(r.target, names),
    before: r.before_json ? JSON.parse(r.before_json) : null,
    after: r.after_json ? JSON.parse(r.after_json) : null,
    ip: r.ip,
    createdAt: formatDateTime(r.created_at, timeZone),
    siteId: r.site_id,
    siteTitle: r.site_id === null ? '' : (sites.get(r.site_id) ?? `分站 ${r.site_id}`),
  }));
}

export { registerAuditAdminRoutes } from './audit.admin.routes.js';
