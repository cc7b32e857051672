import type { PayCreated, PaymentAccountSaveInput, PaymentAccountView } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { PLATFORM_SITE_ID } from '../sites/index.js';
import { configEndpointProblem } from './endpoint-guard.js';
import { gatewayOf } from './gateways/index.js';
import type { AccountRow, PaymentsService } from './payments.service.js';

/**
 * Gateway accounts, for the two kinds of people who keep them: staff keep the platform's, and a
 * sub-site owner whose version allows it keeps their site's own (decision 0010). One set of rules for
 * both — secrets sealed and write-only, required settings checked before an account is switched on,
 * accounts with payments disabled rather than deleted — each call limited to its scope, so nobody
 * reads or changes another's accounts.
 */
export type AccountScope = { kind: 'platform' } | { kind: 'site'; siteId: number };

/** The platform's accounts carry no site (or site 1); every other account is a site owner's. */
export function isPlatformAccount(row: Pick<AccountRow, 'site_id'>): boolean {
  return row.site_id === null || Number(row.site_id) === PLATFORM_SITE_ID;
}

/** The site whose owner an account pays, or null for the platform's. */
export function payeeSiteOf(row: Pick<AccountRow, 'site_id'>): number | null {
  return isPlatformAccount(row) ? null : Number(row.site_id);
}

function inScope(row: AccountRow, scope: AccountScope): boolean {
  return scope.kind === 'platform' ? isPlatformAccount(row) : Number(row.site_id) === scope.siteId;
}

/** What a write changed, for the caller's record (staff: the audit row, in the same transaction). */
export interface AccountChange {
  action: string;
  target: string;
  before: PaymentAccountView | null;
  after: unknown;
}
export type RecordChange = (trx: Db, change: AccountChange) => Promise<void>;
const noRecord: RecordChange = async () => undefined;

export function accountStore(deps: Deps, payments: PaymentsService) {
  const { db, config } = deps;

  /** The account `id` if it is in the scope; PAY_ACCOUNT_NOT_FOUND otherwise (someone else's is unknown). */
  async function rowIn(scope: AccountScope, id: number, trx: Db = db): Promise<AccountRow> {
    const row = await payments.accountRow(id, trx);
    if (!inScope(row, scope)) throw businessError('PAY_ACCOUNT_NOT_FOUND');
    return row;
  }

  /** A site owner's account may only name public hosts for the server to call (unless configured otherwise). */
  async function checkEndpoints(scope: AccountScope, gateway: string, cfg: Record<string, string>) {
    if (scope.kind !== 'site' || config.ownerGatewayHosts === 'any') return;
    const problem = await configEndpointProblem(gateway, cfg);
    if (problem) throw businessError('SITE_PAY_ADDRESS_REFUSED', problem, { field: 'config' });
  }

  /** An account may be switched on only with every required setting, and none its gateway would refuse. */
  function checkEnabling(gateway: string, sealed: Record<string, string>) {
    const missing = (gatewayOf(gateway)?.fields ?? []).filter((f) => f.required && !sealed[f.key]);
    if (missing.length) throw businessError('PAY_CONFIG_INVALID', `请填写：${missing.map((f) => f.label).join('、')}`);
    const refused = gatewayOf(gateway)?.checkConfig?.(sealed);
    if (refused) throw businessError('PAY_CONFIG_INVALID', refused, { field: 'type' });
  }

  async function viewOf(trx: Db, id: number) {
    return payments.accountView(await payments.accountRow(id, trx));
  }

  return {
    rowIn,

    async list(scope: AccountScope): Promise<PaymentAccountView[]> {
      let q = db.selectFrom('payment_accounts').selectAll();
      q =
        scope.kind === 'platform'
          ? q.where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', PLATFORM_SITE_ID)]))
          : q.where('site_id', '=', scope.siteId);
      const rows = await q.orderBy('sort').orderBy('id').execute();
      return rows.map(payments.accountView);
    },

    /** Creates or updates an account of the scope; a secret left empty keeps the stored one. */
    async save(
      scope: AccountScope,
      input: PaymentAccountSaveInput,
      record: RecordChange = noRecord,
    ): Promise<PaymentAccountView> {
      if (input.gateway !== 'balance' && !gatewayOf(input.gateway)) throw businessError('PAY_GATEWAY_UNKNOWN');
      const before = input.id ? await rowIn(scope, input.id) : undefined;
      if (before && before.gateway !== input.gateway)
        throw businessError('BAD_INPUT', '已有账户不能更换网关类型，请新建账户');
      const sealed = payments.sealConfig(input.gateway, input.config, before ? payments.parseConfig(before) : {});
      await checkEndpoints(scope, input.gateway, sealed);
      const enabled = input.enabled ?? before?.enabled ?? 0;
      if (enabled === 1) checkEnabling(input.gateway, sealed);
      const now = Date.now();
      const values = {
        gateway: input.gateway,
        name: input.name,
        display_name: input.displayName,
        icon: input.icon,
        client: input.client,
        fee_rate: input.feeRate,
        sort: input.sort,
        enabled,
        config: JSON.stringify(sealed),
        updated_at: now,
      };
      const id = await db.transaction().execute(async (trx) => {
        let saved = before?.id;
        if (before) await trx.updateTable('payment_accounts').set(values).where('id', '=', before.id).execute();
        else
          saved = (
            await trx
              .insertInto('payment_accounts')
              .values({ ...values, site_id: scope.kind === 'site' ? scope.siteId : null, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        // The record shows the account as saved (secrets only as set or not): read back in the transaction.
        await record(trx, {
          action: before ? 'payments.updateAccount' : 'payments.createAccount',
          target: `payment_account:${saved}`,
          before: before ? payments.accountView(before) : null,
          after: await viewOf(trx, saved!),
        });
        return saved!;
      });
      return viewOf(db, id);
    },

    /** Switches an account on (its settings complete) or off. */
    async setEnabled(
      scope: AccountScope,
      id: number,
      enabled: 0 | 1,
      record: RecordChange = noRecord,
    ): Promise<PaymentAccountView> {
      const before = await rowIn(scope, id);
      if (enabled === 1) {
        const stored = payments.parseConfig(before);
        await checkEndpoints(scope, before.gateway, stored);
        checkEnabling(before.gateway, stored);
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_accounts')
          .set({ enabled, updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        await record(trx, {
          action: enabled ? 'payments.enableAccount' : 'payments.disableAccount',
          target: `payment_account:${id}`,
          before: payments.accountView(before),
          after: { enabled },
        });
      });
      return viewOf(db, id);
    },

    /** Deletes an account; one with payments stays for the record and for late notifies, disabled. */
    async remove(scope: AccountScope, id: number, record: RecordChange = noRecord) {
      const before = await rowIn(scope, id);
      const used = await db
        .selectFrom('payments')
        .select('id')
        .where('account_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      await db.transaction().execute(async (trx) => {
        if (used)
          await trx
            .updateTable('payment_accounts')
            .set({ enabled: 0, updated_at: Date.now() })
            .where('id', '=', id)
            .execute();
        else await trx.deleteFrom('payment_accounts').where('id', '=', id).execute();
        await record(trx, {
          action: used ? 'payments.disableAccount' : 'payments.deleteAccount',
          target: `payment_account:${id}`,
          before: payments.accountView(before),
          after: null,
        });
      });
      return { deleted: !used, disabled: Boolean(used) };
    },

    /** A payment of 0.01 through the account: the gateway accepting it proves the settings. */
    async test(
      scope: AccountScope,
      id: number,
      p: { siteId: number; ip: string; origin: string },
    ): Promise<Omit<PayCreated, 'payToken' | 'bonus'>> {
      const row = await rowIn(scope, id);
      if (row.gateway === 'balance') throw businessError('BAD_INPUT', '余额支付无需测试');
      await checkEndpoints(scope, row.gateway, payments.parseConfig(row));
      // Accounts saved before the rule existed: say what is wrong before asking the gateway.
      const refused = gatewayOf(row.gateway)?.checkConfig?.(payments.openAccount(row).config);
      if (refused) throw businessError('PAY_CONFIG_INVALID', refused, { field: 'type' });
      return payments.startPayment(row, {
        purpose: 'test',
        siteId: p.siteId,
        orderId: null,
        rechargeId: null,
        userId: null,
        refNo: 'TEST',
        subject: '支付通道测试',
        base: 1,
        expiresAt: Date.now() + 30 * 60_000,
        client: 'pc',
        ip: p.ip,
        origin: p.origin,
      });
    },
  };
}
export type AccountStore = ReturnType<typeof accountStore>;
