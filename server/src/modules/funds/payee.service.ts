import { lockForTransaction } from '../../core/db/transaction-lock.js';
import {
  PAYEE_MAX_PER_MEMBER,
  PayeeKindLabels,
  type PayeeKind,
  type PayeeView,
  type payInfoSaveInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { PayeeAccountsTable } from '../../core/db/schema.js';
import { businessError } from '../../core/errors.js';
import { cardBoxFor } from '../../core/secret-box.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { maskAccount } from './funds-time.js';

type PayeeRow = Selectable<PayeeAccountsTable>;

function payeeRepo(db: Db) {
  return {
    one(conn: Db, userId: number, id: number) {
      return conn
        .selectFrom('payee_accounts')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    list(userId: number) {
      return db.selectFrom('payee_accounts').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
    },
  };
}

/**
 * Payee accounts (收款信息) for withdrawals: Alipay with real name, bank card, or a QR image the
 * member uploaded. Account numbers are sealed at rest; members see them masked.
 */
export function payeeService(deps: Deps) {
  const { db, config } = deps;
  const repo = payeeRepo(db);
  const box = cardBoxFor(config.dataDir);

  const view = (p: PayeeRow): PayeeView => ({
    id: p.id,
    kind: p.kind,
    kindText: PayeeKindLabels[p.kind as PayeeKind] ?? p.kind,
    realName: p.real_name,
    account: p.account_masked,
    bankName: p.bank_name,
    bankBranch: p.bank_branch,
    qrType: p.qr_type,
    qrImage: p.qr_path ? `/uploads/${p.qr_path}` : '',
    createdAt: formatDateTime(p.created_at, config.timeZone),
  });

  /** One of the member's own accounts, or PAYEE_NOT_FOUND (another member's id looks the same as a missing one). */
  async function own(conn: Db, userId: number, id: number) {
    const row = await repo.one(conn, userId, id);
    if (!row) throw businessError('PAYEE_NOT_FOUND');
    return row;
  }

  return {
    view,
    own,
    async list(ctx: ActorContext) {
      return (await repo.list(ctx.actor.id)).map(view);
    },
    /** What a withdrawal keeps of the account: everything needed to pay out, account sealed. */
    snapshot(p: PayeeRow) {
      return {
        id: p.id,
        kind: p.kind,
        realName: p.real_name,
        accountSealed: p.account_sealed,
        accountMasked: p.account_masked,
        bankName: p.bank_name,
        bankBranch: p.bank_branch,
        qrType: p.qr_type,
        qrPath: p.qr_path,
      };
    },
    /** The account in clear, for the staff who pays out. */
    openAccount(sealed: string): string {
      if (!sealed) return '';
      try {
        return box.open(sealed);
      } catch {
        return '';
      }
    },
    async save(ctx: ActorContext, input: z.output<typeof payInfoSaveInput>) {
      const userId = ctx.actor.id;
      const now = Date.now();
      let values: {
        kind: PayeeKind;
        real_name: string;
        account_sealed: string;
        account_masked: string;
        bank_name: string;
        bank_branch: string;
        qr_type: string;
        qr_path: string;
      };
      if (input.kind === 'alipay') {
        values = {
          kind: 'alipay',
          real_name: input.realName,
          account_sealed: box.seal(input.account),
          account_masked: maskAccount(input.account),
          bank_name: '',
          bank_branch: '',
          qr_type: '',
          qr_path: '',
        };
      } else if (input.kind === 'bank') {
        values = {
          kind: 'bank',
          real_name: input.realName,
          account_sealed: box.seal(input.cardNo),
          account_masked: maskAccount(input.cardNo),
          bank_name: input.bankName,
          bank_branch: input.bankBranch,
          qr_type: '',
          qr_path: '',
        };
      } else {
        const rel = input.qrImage.slice('/uploads/'.length);
        const upload = await db
          .selectFrom('uploads')
          .select('id')
          .where('path', '=', rel)
          .where('owner_area', '=', 'user')
          .where('owner_id', '=', userId)
          .executeTakeFirst();
        if (!upload) throw businessError('PAYEE_QR_INVALID');
        values = {
          kind: 'qr',
          real_name: input.realName,
          account_sealed: '',
          account_masked: '',
          bank_name: '',
          bank_branch: '',
          qr_type: input.qrType,
          qr_path: rel,
        };
      }
      return db.transaction().execute(async (trx) => {
        if (input.id) {
          await own(trx, userId, input.id);
          await trx
            .updateTable('payee_accounts')
            .set({ ...values, updated_at: now })
            .where('id', '=', input.id)
            .where('user_id', '=', userId)
            .execute();
          return view((await repo.one(trx, userId, input.id))!);
        }
        // Parallel saves queue here, so the count below sees every committed one (the limit holds).
        await lockForTransaction(trx, `payees:${userId}`);
        const count = await trx
          .selectFrom('payee_accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= PAYEE_MAX_PER_MEMBER) throw businessError('PAYEE_LIMIT');
        const row = await trx
          .insertInto('payee_accounts')
          .values({ user_id: userId, ...values, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return view((await repo.one(trx, userId, row.id))!);
      });
    },
    /** Deleting is safe while withdrawals are pending: each keeps its own copy of the account. */
    async remove(ctx: ActorContext, id: number) {
      const res = await db
        .deleteFrom('payee_accounts')
        .where('id', '=', id)
        .where('user_id', '=', ctx.actor.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) throw businessError('PAYEE_NOT_FOUND');
      return { id };
    },
  };
}
export type PayeeService = ReturnType<typeof payeeService>;
