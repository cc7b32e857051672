export { decorationService, LAYOUT_CACHE, type DecorationService, type DecorTarget } from './decoration.service.js';
export { registerDecorationRoutes } from './decoration.routes.js';
export { registerDecorationAdminRoutes } from './decoration.admin.routes.js';
