export { registerAdminRoutes } from './admin.routes.js';
export { registerDashboardRoutes } from './dashboard.js';
