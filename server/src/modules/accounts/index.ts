export {
  accountsService,
  resolveMember,
  MEMBER_READS,
  maskEmail,
  maskMobile,
  newInviteCode,
  type AccountsService,
} from './accounts.service.js';
export type { MemberLevels } from './accounts.repo.js';
export { registerAccountRoutes } from './accounts.routes.js';
export {
  buyingProfile,
  callerOf,
  checkSalePassword,
  requireSalePassword,
  saleOpsOf,
  type BuyingProfile,
} from './sale-password.js';
export { registerSecurityMail } from './security-mail.js';
export {
  accountCenterService,
  openApiCredentials,
  defaultOpenApiKey,
  setDefaultKeyNoSalePwd,
  MP_FLAGS,
  type AccountCenterService,
} from './account-center.service.js';
export { registerAccountCenterRoutes } from './account-center.routes.js';
export { loginGuard, securityThresholds, SecurityKeys, type SecurityThresholds } from './login-guard.js';
export {
  memberByRef,
  memberIdByRef,
  memberLabels,
  memberRefsTable,
  memberStatus,
  membersForDesk,
  openApiMember,
} from './member-refs.js';
export { registerAccountAdminRoutes } from './accounts.admin.routes.js';
export { accountFigures } from './accounts.figures.js';
export { isMemberOfSite, membersOfSitePage, membersOfSiteSince, type SiteMemberRow } from './site-members.js';
export { setMpOpenid } from './mp-openid.js';
export {
  changeMemberLevel,
  levelHasMembers,
  memberHome,
  memberLevelIdQuery,
  setMemberLevel,
  type LevelChange,
} from './member-level.js';
export {
  invitedAmong,
  inviteCodeOf,
  inviteeCounts,
  inviteesPage,
  invitersOf,
  memberSiteOf,
  registrationIpsOf,
} from './invitees.js';
export { audienceIdsAfter, audienceSize, memberNotifyProfile, type MemberAudience } from './member-audience.js';
