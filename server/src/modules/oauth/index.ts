export {
  oauthService,
  oauthSettingKey,
  OAUTH_DEFAULTS,
  type OAuthService,
  type OAuthApp,
  type OAuthKind,
} from './oauth.service.js';
export { registerOAuthRoutes } from './oauth.routes.js';
export { registerOAuthAdminRoutes, oauthSettingsView } from './oauth.admin.routes.js';
export { oauthBindings } from './bindings.js';
