export { accountsService, resolveMember, maskEmail, maskMobile, type AccountsService } from './accounts.service.js';
export { registerAccountRoutes } from './accounts.routes.js';
export { requireSalePassword } from './sale-password.js';
