import { writeAudit } from '../../core/calls.js';
import {
  CertifyProviderLabels,
  CertifyStatusLabels,
  maskIdNumber,
  type AdminCertifyRow,
  type CertifySettingsView,
  type CertifyStatus,
  type CertifyStatusView,
  type Paged,
} from '@kapu/contract';
import type { z } from 'zod';
import type { adminCertifyListInput, certifySettingsInput } from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import { hmacSha256 } from '../../core/crypto.js';
import { businessError } from '../../core/errors.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { secretBoxFor } from '../verification/index.js';
import { AlipayFaceProvider, type AlipayFaceConfig } from './alipay-face.js';
import { ManualProvider } from './manual.js';
import { ProviderError, type CertifyOutcome } from './provider.js';
import { moveStatus } from '../../core/fsm.js';
import { certifyMachine } from './certify-machine.js';
import { memberRefsTable } from '../accounts/index.js';
import { staffNamesTable } from '../staff/index.js';

export const CERTIFY_ALIPAY_SETTING = 'certify.alipay';
export const PUBLIC_URL_KEY = 'payments.public_url';

interface StoredAlipay {
  enabled: boolean;
  appId: string;
  /** SecretBox of the application private key; never answered. */
  privateKeyEnc: string;
  alipayPublicKey: string;
  gateway: string;
}

type CertRow = {
  id: number;
  user_id: number;
  provider: string;
  real_name: string;
  id_no_enc: string;
  id_no_masked: string;
  id_no_hash: string;
  outer_id: string | null;
  status: Exclude<CertifyStatus, 'none'>;
  reason: string;
  images: string;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
};
const COLS = [
  'id',
  'user_id',
  'provider',
  'real_name',
  'id_no_enc',
  'id_no_masked',
  'id_no_hash',
  'outer_id',
  'status',
  'reason',
  'images',
  'reviewed_by',
  'created_at',
  'updated_at',
] as const;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
}

function parseImages(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Real-name verification: manual review (member submits, admin decides) and Alipay face
 * certification (the outcome is always asked of Alipay, never read from URL parameters).
 * ID numbers are sealed, shown masked, and keyed-hashed so one number verifies one account.
 */
export function certifyService(deps: Deps) {
  const { db, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);
  const hashKey = Buffer.concat([box.hashKey, Buffer.from('kapu-id-number')]);
  const idHash = (idNumber: string) => hmacSha256(hashKey, idNumber.trim().toUpperCase());
  const fmt = (ms: number) => formatDateTime(ms, config.timeZone);
  const manual = new ManualProvider(async (certifyId) => {
    const row = await db
      .selectFrom('certifications')
      .select('status')
      .where('outer_id', '=', certifyId)
      .where('provider', '=', 'manual')
      .executeTakeFirst();
    return row?.status === 'passed' ? 'passed' : row?.status === 'failed' ? 'failed' : 'pending';
  });

  function readAlipay(): StoredAlipay | null {
    const raw = settings.get(CERTIFY_ALIPAY_SETTING);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredAlipay;
    } catch {
      return null;
    }
  }

  function alipayConfig(s: StoredAlipay | null): AlipayFaceConfig | null {
    if (!s?.enabled || !s.appId || !s.privateKeyEnc || !s.alipayPublicKey) return null;
    return {
      appId: s.appId,
      privateKey: box.open(s.privateKeyEnc),
      alipayPublicKey: s.alipayPublicKey,
      gateway: s.gateway,
    };
  }

  function alipayProvider(origin: string): AlipayFaceProvider | null {
    const c = alipayConfig(readAlipay());
    if (!c) return null;
    const base = (settings.get(PUBLIC_URL_KEY) || origin).replace(/\/+$/, '');
    try {
      return new AlipayFaceProvider(c, `${base}/certify/alipayFaceResult`);
    } catch {
      return null;
    }
  }

  async function latest(userId: number): Promise<CertRow | undefined> {
    return (await db
      .selectFrom('certifications')
      .select(COLS)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst()) as CertRow | undefined;
  }

  async function view(userId: number): Promise<CertifyStatusView> {
    const row = await latest(userId);
    const alipayEnabled = alipayConfig(readAlipay()) !== null;
    if (!row)
      return {
        status: 'none',
        statusText: CertifyStatusLabels.none,
        provider: '',
        realName: '',
        idNumber: '',
        reason: '',
        updatedAt: '',
        alipayEnabled,
      };
    return {
      status: row.status,
      statusText: CertifyStatusLabels[row.status],
      provider: row.provider,
      realName: row.real_name,
      idNumber: row.id_no_masked,
      reason: row.reason,
      updatedAt: fmt(row.updated_at),
      alipayEnabled,
    };
  }

  /** The rules before any new attempt: not verified, not under review, number not verified elsewhere. */
  async function assertCanStart(userId: number, hash: string): Promise<void> {
    const passed = await db
      .selectFrom('certifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'passed')
      .executeTakeFirst();
    if (passed) throw businessError('CERTIFY_DONE');
    const reviewing = await db
      .selectFrom('certifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'reviewing')
      .executeTakeFirst();
    if (reviewing) throw businessError('CERTIFY_PENDING');
    const taken = await db
      .selectFrom('certifications')
      .select('id')
      .where('verified_key', '=', hash)
      .executeTakeFirst();
    if (taken) throw businessError('CERTIFY_ID_TAKEN');
  }

  /** Passed: sets the unique key; if another account won the number meanwhile, the attempt fails. */
  async function markPassed(row: CertRow, reviewer: number | null, from: 'pending' | 'reviewing'): Promise<boolean> {
    try {
      return await moveStatus(db, certifyMachine, row.id, from, 'passed', {
        verified_key: row.id_no_hash,
        reason: '',
        reviewed_by: reviewer,
        updated_at: Date.now(),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await moveStatus(db, certifyMachine, row.id, from, 'failed', {
        reason: '该身份证号码已认证其他账号',
        updated_at: Date.now(),
      });
      throw businessError('CERTIFY_ID_TAKEN');
    }
  }

  async function applyOutcome(row: CertRow, outcome: CertifyOutcome): Promise<void> {
    if (row.status !== 'pending' || outcome === 'pending') return;
    if (outcome === 'passed') {
      await markPassed(row, null, 'pending').catch((err: unknown) => {
        if ((err as { code?: number }).code !== 1140) throw err;
      });
      return;
    }
    await moveStatus(db, certifyMachine, row.id, 'pending', 'failed', {
      reason: '支付宝人脸认证未通过',
      updated_at: Date.now(),
    });
  }

  async function queryAlipay(provider: AlipayFaceProvider, row: CertRow): Promise<void> {
    if (!row.outer_id) return;
    let outcome: CertifyOutcome;
    try {
      outcome = await provider.query(row.outer_id);
    } catch (err) {
      if (err instanceof ProviderError) throw businessError('CERTIFY_ALIPAY_FAILED');
      throw err;
    }
    await applyOutcome(row, outcome);
  }

  return {
    status: (ctx: ActorContext) => view(ctx.actor.id),

    async submit(ctx: ActorContext, input: { realName: string; idNumber: string; images: string[] }) {
      const userId = ctx.actor.id;
      const hash = idHash(input.idNumber);
      await assertCanStart(userId, hash);
      const images = [...new Set(input.images)];
      for (const image of images) {
        const rel = image.startsWith('/uploads/') ? image.slice('/uploads/'.length) : null;
        const owned = rel
          ? await db
              .selectFrom('uploads')
              .select('id')
              .where('path', '=', rel)
              .where('owner_area', '=', 'user')
              .where('owner_id', '=', userId)
              .executeTakeFirst()
          : undefined;
        if (!owned) throw businessError('CERTIFY_IMAGE_INVALID');
      }
      const { certifyId } = await manual.start();
      const now = Date.now();
      await db
        .insertInto('certifications')
        .values({
          user_id: userId,
          provider: manual.name,
          real_name: input.realName,
          id_no_enc: box.seal(input.idNumber),
          id_no_masked: maskIdNumber(input.idNumber),
          id_no_hash: hash,
          images: JSON.stringify(images),
          outer_id: certifyId,
          status: 'reviewing',
          reason: '',
          reviewed_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return view(userId);
    },

    async alipayStart(ctx: ActorContext, input: { realName: string; idNumber: string }, origin: string) {
      const userId = ctx.actor.id;
      const provider = alipayProvider(origin);
      if (!provider) throw businessError('CERTIFY_UNAVAILABLE');
      const hash = idHash(input.idNumber);
      await assertCanStart(userId, hash);
      let started;
      try {
        started = await provider.start({ id: userId }, input.realName, input.idNumber);
      } catch (err) {
        if (err instanceof ProviderError) {
          deps.log.warn({ err: err.message }, 'alipay certify initialize failed');
          throw businessError('CERTIFY_ALIPAY_FAILED');
        }
        throw err;
      }
      const now = Date.now();
      await db
        .insertInto('certifications')
        .values({
          user_id: userId,
          provider: provider.name,
          real_name: input.realName,
          id_no_enc: box.seal(input.idNumber),
          id_no_masked: maskIdNumber(input.idNumber),
          id_no_hash: hash,
          outer_id: started.certifyId,
          status: 'pending',
          reason: '',
          reviewed_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { url: started.url };
    },

    /** The return page's question: asks Alipay about the member's own pending attempt. */
    async alipayResult(ctx: ActorContext, certifyId: string | undefined, origin: string) {
      const userId = ctx.actor.id;
      let q = db
        .selectFrom('certifications')
        .select(COLS)
        .where('user_id', '=', userId)
        .where('provider', '=', 'alipay_face');
      if (certifyId) q = q.where('outer_id', '=', certifyId);
      const row = (await q.orderBy('id', 'desc').executeTakeFirst()) as CertRow | undefined;
      if (!row) throw businessError('CERTIFY_NOT_FOUND');
      if (row.status === 'pending') {
        const provider = alipayProvider(origin);
        if (!provider) throw businessError('CERTIFY_UNAVAILABLE');
        await queryAlipay(provider, row);
      }
      return view(userId);
    },

    /** Alipay's async notify: signature and app id checked, then the outcome asked of Alipay. */
    async notify(params: Record<string, string>, origin: string): Promise<boolean> {
      const provider = alipayProvider(origin);
      if (!provider || !provider.verifyNotify(params)) return false;
      const certifyId = params.certify_id ?? params.biz_id ?? '';
      if (!certifyId) return false;
      const row = (await db
        .selectFrom('certifications')
        .select(COLS)
        .where('outer_id', '=', certifyId)
        .where('provider', '=', 'alipay_face')
        .executeTakeFirst()) as CertRow | undefined;
      if (!row) return false;
      try {
        await queryAlipay(provider, row);
      } catch {
        return false;
      }
      return true;
    },

    // ---- admin ----
    async list(input: z.output<typeof adminCertifyListInput>): Promise<Paged<AdminCertifyRow>> {
      let q = db
        .selectFrom('certifications as c')
        .innerJoin(memberRefsTable(db, 'u'), 'u.id', 'c.user_id')
        .leftJoin(staffNamesTable(db, 's'), 's.id', 'c.reviewed_by');
      if (input.status) q = q.where('c.status', '=', input.status);
      if (input.keyword) {
        const k = `%${input.keyword.replace(/[%_\\]/g, '')}%`;
        q = q.where((eb) =>
          eb.or([eb('u.login_name', 'like', k), eb('u.user_no', 'like', k), eb('c.real_name', 'like', k)]),
        );
      }
      const rows = await fetchPage(
        q
          .select([
            'c.id',
            'c.user_id',
            'c.provider',
            'c.real_name',
            'c.id_no_masked',
            'c.images',
            'c.status',
            'c.reason',
            'c.created_at',
            'c.updated_at',
            'u.login_name',
            'u.user_no',
            's.username as reviewer',
          ])
          .orderBy('c.id', 'desc'),
        input,
      );
      return mapPage(rows, (r) => ({
        id: Number(r.id),
        userId: Number(r.user_id),
        loginName: r.login_name,
        userNo: r.user_no,
        provider: r.provider,
        providerText: CertifyProviderLabels[r.provider] ?? r.provider,
        realName: r.real_name,
        idNumber: r.id_no_masked,
        images: parseImages(r.images),
        status: r.status,
        statusText: CertifyStatusLabels[r.status],
        reason: r.reason,
        reviewer: r.reviewer ?? '',
        createdAt: fmt(Number(r.created_at)),
        updatedAt: fmt(Number(r.updated_at)),
      }));
    },

    async row(id: number): Promise<CertRow> {
      const row = (await db.selectFrom('certifications').select(COLS).where('id', '=', id).executeTakeFirst()) as
        CertRow | undefined;
      if (!row) throw businessError('NOT_FOUND');
      return row;
    },

    async approve(ctx: ActorContext, row: CertRow): Promise<void> {
      if (row.status !== 'reviewing') throw businessError('CERTIFY_NOT_REVIEWING');
      const taken = await db
        .selectFrom('certifications')
        .select('id')
        .where('verified_key', '=', row.id_no_hash)
        .executeTakeFirst();
      if (taken) throw businessError('CERTIFY_ID_TAKEN');
      if (!(await markPassed(row, ctx.actor.id, 'reviewing'))) throw businessError('CERTIFY_NOT_REVIEWING');
    },

    async reject(ctx: ActorContext, row: CertRow, reason: string): Promise<void> {
      if (row.status !== 'reviewing') throw businessError('CERTIFY_NOT_REVIEWING');
      await db.transaction().execute(async (trx) => {
        const moved = await moveStatus(trx, certifyMachine, row.id, 'reviewing', 'failed', {
          reason,
          reviewed_by: ctx.actor.id,
          updated_at: Date.now(),
        });
        if (!moved) throw businessError('CERTIFY_NOT_REVIEWING');
        await writeAudit(ctx, trx, {
          action: 'certify.reject',
          target: `user:${row.user_id}`,
          before: { id: row.id, status: row.status },
          after: { id: row.id, status: 'failed', reason },
        });
      });
    },

    settingsView(): CertifySettingsView {
      const s = readAlipay();
      return {
        alipayEnabled: !!s?.enabled,
        appId: s?.appId ?? '',
        privateKeySet: !!s?.privateKeyEnc,
        alipayPublicKey: s?.alipayPublicKey ?? '',
        gateway: s?.gateway ?? '',
      };
    },

    async saveSettings(input: z.output<typeof certifySettingsInput>): Promise<void> {
      const before = readAlipay();
      const privateKeyEnc = input.privateKey ? box.seal(input.privateKey) : (before?.privateKeyEnc ?? '');
      const next: StoredAlipay = {
        enabled: input.alipayEnabled,
        appId: input.appId,
        privateKeyEnc,
        alipayPublicKey: input.alipayPublicKey,
        gateway: input.gateway,
      };
      if (next.enabled) {
        if (!next.appId || !next.privateKeyEnc || !next.alipayPublicKey)
          throw businessError('BAD_INPUT', '开启支付宝刷脸认证须填写 APPID、应用私钥和支付宝公钥');
        if (next.gateway && !/^https?:\/\//i.test(next.gateway))
          throw businessError('BAD_INPUT', '网关地址须以 http:// 或 https:// 开头');
        const c = alipayConfig(next)!;
        try {
          new AlipayFaceProvider(c, 'http://localhost/');
        } catch {
          throw businessError('BAD_INPUT', '支付宝密钥格式不正确');
        }
      }
      await settings.set(CERTIFY_ALIPAY_SETTING, JSON.stringify(next));
    },
  };
}

export type CertifyService = ReturnType<typeof certifyService>;
