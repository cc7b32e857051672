// No zod here: the storefront's entry imports this list (web/src/app/site-base.ts), and a schema
// module would pull zod into every first page load.

/**
 * First path segments of the web router's pages (a web test keeps this equal to its table) and
 * a few names kept back for what is coming; the server adds every segment its route table and
 * web build serve. None of them may be the admin path.
 */
export const RESERVED_PATHS = [
  'inside',
  'vip',
  'supply',
  'cdk',
  'pay',
  'other',
  'certify',
  'login',
  'register',
  'forget',
  'announcement',
  'viewAnnouncementInfo',
  'service',
  'chadan',
  'chajia',
  'myQqNotify',
  'qqReturn',
  'myWeixinNotify',
  'weixinReturn',
  'mpQrcode',
  'myMpNotify',
  'mpReturn',
  '403',
  '500',
  'index',
  'user',
  'site',
  'openapi',
  'shared',
  'api',
  'admin',
  'uploads',
  'static',
  'assets',
  'healthz',
  'readyz',
  'metrics',
  '404',
  // `/{site path}/decorate/desktop` has the path inside: a site named so would be ambiguous.
  'decorate',
];
