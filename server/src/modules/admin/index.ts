export { registerDashboardRoutes } from './dashboard.js';
export { registerSettingsOverview } from './settings-overview.js';
