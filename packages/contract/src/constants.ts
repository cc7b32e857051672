/** Constants shared by server and web (storage prefixes, layout defaults, limits). */
export const APP_ID = 'kapu';
/** Prefix of cookies and of the browser database: admin-{appID}-. */
export const STORAGE_PREFIX = `admin-${APP_ID}-`;
export const COOKIE_DAYS = 7;
export const HTTP_TIMEOUT_MS = 7_200_000;
export const LOGIN_NOTICE_MS = 5_000;
export const MESSAGE_SECONDS = 3;
export const NOTIFICATION_SECONDS = 4.5;
export const MODAL_WIDTH = 520;
export const CONFIRM_WIDTH = 416;
export const TOUCH_END_DELAY_MS = 500;
export const SESSION_DAYS = 7;
export const DEFAULT_AVATAR = '/static/public/images/user.png';
/** Device classes by window width. */
export const MOBILE_MAX_WIDTH = 575;
export const TABLET_MAX_WIDTH = 992;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export type Area = 'user' | 'admin' | 'other';
