export { staffService, staffResolver, parsePermissions, STAFF_READS, type StaffService } from './staff.service.js';
export { registerStaffRoutes } from './staff.routes.js';
