export * from './codes.js';
export * from './constants.js';
export * from './permissions.js';
export * from './accounts.js';
export * from './commerce.js';
export { z } from './zod-setup.js';
export * from './account-center.js';
export * from './admin-screens.js';
