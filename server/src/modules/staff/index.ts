export { staffService, staffResolver, parsePermissions, STAFF_READS, type StaffService } from './staff.service.js';
export { registerStaffRoutes } from './staff.routes.js';
export { registerStaffAdminRoutes } from './staff.admin.routes.js';
export { deskStaff, staffCount, staffNamesTable, staffUsernames } from './staff-refs.js';
