export { staffService, staffResolver, parsePermissions, type StaffService } from './staff.service.js';
export { registerStaffRoutes } from './staff.routes.js';
