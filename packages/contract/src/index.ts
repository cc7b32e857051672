export * from './codes.js';
export * from './constants.js';
export * from './permissions.js';
export * from './accounts.js';
export { z } from './zod-setup.js';
export * from './admin-screens.js';
