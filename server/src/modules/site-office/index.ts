export { siteOfficeService, type SiteOfficeService } from './site-office.service.js';
export { registerSiteOfficeRoutes } from './site-office.routes.js';
export { maskLoginName } from './mask.js';
