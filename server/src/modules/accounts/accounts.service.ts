import { randomInt } from 'node:crypto';
import {
  DEFAULT_AVATAR,
  type AccountView,
  type LastTwoLoginLog,
  type LoginInput,
  type LoginLogEntry,
  type RegisterInput,
  type SessionAnswer,
} from '@kapu/contract';
import type { ActorContext, RequestContext } from '../../core/context.js';
import { dummyPasswordHash, hashPassword, randomAlnum, verifyPassword } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { addressOf } from '../../core/ip-geo.js';
import type { ActorResolution } from '../../core/request-context.js';
import { openSession, revokeSession } from '../../core/sessions.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { checkCaptcha } from '../verification/index.js';
import { accountsRepo as repo, type MemberLevels } from './accounts.repo.js';
import { loginGuard, securityThresholds } from './login-guard.js';
import { publishEvent } from '../../core/events.js';

/** Masks contact data for display: 138****1234, ab***@qq.com. */
export function maskMobile(mobile: string | null): string {
  return mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';
}
export function maskEmail(email: string | null): string {
  if (!email) return '';
  const [name, domain] = email.split('@');
  return `${name.slice(0, Math.min(2, name.length))}***@${domain}`;
}

/** Member numbers are 8 random digits: readable, not a count of our members. */
async function newUserNo(db: Db): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const no = String(randomInt(10_000_000, 100_000_000));
    if (!(await repo.taken(db, 'user_no', no))) return no;
  }
  throw new Error('could not allocate a member number');
}

/** Invite codes: 8 letters/digits without look-alikes, unique. */
export async function newInviteCode(db: Db): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = randomAlnum(8);
    if (!(await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst())) return code;
  }
  throw new Error('could not allocate an invite code');
}

/** The context hook's view of a member session: disabled members are logged out. */
/** What resolveMember's query reads (accounts.repo statusOf). */
export const MEMBER_READS = ['users.login_name', 'users.status', 'sites.owner_user_id'] as const;
export async function resolveMember(db: Db, id: number): Promise<ActorResolution> {
  const user = await repo.statusOf(db, id);
  if (!user) return { refused: '账号不存在，请重新登录' };
  if (user.status !== 'active') return { refused: '账号已被禁用，请联系客服' };
  // A site owner also holds `vip`: the web shows the site back office (分站管理) then.
  return { name: user.login_name, permissions: user.owned_site ? ['member', 'vip'] : ['member'] };
}

/** Labels of addresses that name no place (this machine, a LAN, an unknown IP): never a new place. */
const NO_PLACE = new Set(['本机地址', '局域网', '未知地区']);

/** A sign-in from another known place than the previous one; the ISP part of the address does not count. */
export function isNewPlace(previous: string, current: string): boolean {
  if (NO_PLACE.has(previous) || NO_PLACE.has(current)) return false;
  const place = (a: string) => a.split(' ')[0];
  return place(previous) !== place(current);
}

export function accountsService({ db, config, settings }: Deps, levels: MemberLevels) {
  const guard = loginGuard(db, settings);

  /** The sign-in is logged; one from another place than the previous publishes an event (security mail). */
  async function recordLogin(ctx: RequestContext, userId: number, now: number) {
    const address = addressOf(ctx.ip);
    await db.transaction().execute(async (trx) => {
      const [previous] = await repo.lastLoginLogs(trx, userId, 1);
      await trx
        .insertInto('login_logs')
        .values({ user_id: userId, ip: ctx.ip, address, user_agent: ctx.userAgent.slice(0, 300), created_at: now })
        .execute();
      await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
      if (previous && isNewPlace(previous.address, address))
        await publishEvent(
          trx,
          'account.newPlaceLogin',
          { userId, ip: ctx.ip, address, previousAddress: previous.address },
          now,
        );
    });
  }

  async function startSession(ctx: RequestContext, userId: number): Promise<SessionAnswer> {
    const now = Date.now();
    const session = await openSession(db, 'user', userId, { ip: ctx.ip, userAgent: ctx.userAgent }, now);
    await recordLogin(ctx, userId, now);
    return { authCode: session.token, expiresAt: new Date(session.expiresAt).toISOString() };
  }

  return {
    async register(ctx: RequestContext, input: RegisterInput): Promise<SessionAnswer> {
      if (securityThresholds(settings).registerCaptcha) {
        if (!input.captchaId || !input.captcha) throw businessError('CAPTCHA_REQUIRED');
        if (!(await checkCaptcha(db, input.captchaId, input.captcha))) throw businessError('CAPTCHA_WRONG');
      }
      let inviterId: number | null = null;
      if (input.inviteCode) {
        const inviter = await db
          .selectFrom('users')
          .select('id')
          .where('invite_code', '=', input.inviteCode)
          .executeTakeFirst();
        if (!inviter) throw businessError('INVITE_CODE_INVALID');
        // A browser signed in as the inviter registering an account with their own code: a self-invite.
        if (ctx.actor?.area === 'user' && ctx.actor.id === inviter.id) throw businessError('PROMOTION_SELF_INVITE');
        inviterId = inviter.id;
      }
      if (await repo.taken(db, 'login_name', input.loginName)) throw businessError('LOGIN_NAME_TAKEN');
      if (input.email && (await repo.taken(db, 'email', input.email))) throw businessError('EMAIL_TAKEN');
      if (input.mobile && (await repo.taken(db, 'mobile', input.mobile))) throw businessError('MOBILE_TAKEN');
      // Member levels are the platform's (a sub-site's customers start on its default one too).
      const level = await levels.defaultLevel(db, ctx.site.chain[0]!);
      const passwordHash = await hashPassword(input.password);
      const now = Date.now();
      let id: number;
      try {
        const row = await db
          .insertInto('users')
          .values({
            user_no: await newUserNo(db),
            site_id: ctx.site.id,
            login_name: input.loginName,
            password_hash: passwordHash,
            nickname: input.loginName,
            avatar: '',
            email: input.email ?? null,
            mobile: input.mobile ?? null,
            qq: '',
            contact: '',
            level_id: level.id,
            sale_pwd_hash: null,
            inviter_id: inviterId,
            invite_code: await newInviteCode(db),
            status: 'active',
            created_at: now,
            updated_at: now,
            last_login_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (err) {
        // Two registrations racing for one name: the unique index decides, the loser hears why.
        if (await repo.taken(db, 'login_name', input.loginName)) throw businessError('LOGIN_NAME_TAKEN');
        throw err;
      }
      return startSession(ctx, id);
    },

    async login(ctx: RequestContext, input: LoginInput): Promise<SessionAnswer> {
      const user = await repo.findForLogin(db, input.account);
      // Failures count per member, however the account was typed (name, mobile, email).
      const key = user ? `u:${user.id}` : `a:${input.account.toLowerCase()}`;
      await guard.check('user', key, ctx.ip, input);
      // Verify against a dummy hash when the account is unknown, so timing does not reveal it.
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        const next = await guard.fail('user', key, ctx.ip);
        throw businessError('LOGIN_FAILED', undefined, next);
      }
      if (user.status !== 'active') throw businessError('ACCOUNT_DISABLED');
      await guard.succeed('user', key);
      return startSession(ctx, user.id);
    },

    /** A session for a member proven another way (QQ/WeChat login); refuses disabled members. */
    async loginAs(ctx: RequestContext, userId: number): Promise<SessionAnswer> {
      const user = await repo.statusOf(db, userId);
      if (!user) throw businessError('NOT_FOUND');
      if (user.status !== 'active') throw businessError('ACCOUNT_DISABLED');
      return startSession(ctx, userId);
    },

    async logout(ctx: RequestContext): Promise<void> {
      if (ctx.actor) await revokeSession(db, ctx.actor.sessionId);
    },

    async getAccount(ctx: ActorContext): Promise<AccountView> {
      const user = await repo.findById(db, ctx.actor.id, levels);
      if (!user) throw businessError('NOT_FOUND');
      return {
        userNo: user.user_no,
        loginName: user.login_name,
        nickname: user.nickname,
        avatar: user.avatar || DEFAULT_AVATAR,
        email: maskEmail(user.email),
        mobile: maskMobile(user.mobile),
        balance: user.balance,
        levelName: user.level_name,
        salePwdEnabled: user.sale_pwd_enabled === 1,
        createdAt: formatDateTime(user.created_at, config.timeZone),
        access: [...ctx.permissions],
      };
    },

    async lastTwoLoginLogs(ctx: ActorContext): Promise<LastTwoLoginLog> {
      const rows = await repo.lastLoginLogs(db, ctx.actor.id, 2);
      const entry = (r: (typeof rows)[number] | undefined): LoginLogEntry | null =>
        r ? { IP: r.ip, Address: r.address, LoginTime: formatDateTime(r.created_at, config.timeZone) } : null;
      return { logs: { current: entry(rows[0]), last: entry(rows[1]) } };
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
