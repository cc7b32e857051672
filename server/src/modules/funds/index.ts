export { fundsService, debitBalance, creditBalance, LedgerTypes, type FundsService, type Movement, type LedgerType } from './funds.service.js';
export { registerFundsRoutes } from './funds.routes.js';
