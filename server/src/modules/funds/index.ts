import { writeAudit } from '../../core/calls.js';
import type { fundsSettingsInput, z } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import type { Deps } from '../../deps.js';
import { fundsSettings, saveFundsSettings } from './funds-settings.js';
import { fundsService } from './funds.service.js';
import { payeeService } from './payee.service.js';
import { reconcileService } from './reconcile.service.js';
import { transferService } from './transfer.service.js';
import { withdrawalService } from './withdrawal.service.js';

export {
  fundsService,
  debitBalance,
  tryDebitBalance,
  balanceOf,
  creditBalance,
  LedgerTypes,
  type FundsService,
  type Movement,
  type LedgerType,
} from './funds.service.js';
export { registerFundsRoutes } from './funds.routes.js';
export { fundsSettings, withdrawalFee, DEFAULT_FUNDS_SETTINGS } from './funds-settings.js';
export { withdrawalMachine } from './withdrawal.service.js';
export { RECONCILE_JOB } from './reconcile.service.js';

/** Every funds service, built once in app.ts; registers the daily reconciliation job. */
export function fundsModule(deps: Deps) {
  const payees = payeeService(deps);
  return {
    funds: fundsService(deps),
    transfers: transferService(deps),
    payees,
    withdrawals: withdrawalService(deps, payees),
    reconcile: reconcileService(deps),
    settings: {
      get: () => fundsSettings(deps.settings),
      async save(ctx: RequestContext, f: z.output<typeof fundsSettingsInput>) {
        const before = fundsSettings(deps.settings);
        const { feePercent, ...rest } = f;
        const value = { ...rest, feeBasisPoints: feePercent };
        await deps.db.transaction().execute(async (trx) => {
          await saveFundsSettings(deps.settings, trx, value);
          await writeAudit(ctx, trx, {
            action: 'funds.settings',
            target: 'funds.settings',
            before: before,
            after: value,
          });
        });
        return value;
      },
    },
  };
}
export type FundsModule = ReturnType<typeof fundsModule>;
export { pendingWithdrawalsCount } from './funds.figures.js';
export { clawBack } from './claw-back.js';
export { newFundsNo } from './funds-no.js';
export { creditBalances } from './credit-many.js';
