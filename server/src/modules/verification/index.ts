export { SecretBox, secretBoxFor } from './secret-box.js';
export { checkCaptcha, createCaptcha, storeCaptcha } from './captcha.js';
export { verificationCodes, type VerificationCodes, type CodePurpose } from './codes.js';
export { MAIL_SETTING, readSmtp, sendMail, type SmtpSettings } from './mail.js';
export {
  SMS_SETTING,
  readSms,
  smsSender,
  aliyunSignature,
  tencentAuthorization,
  type SmsSettings,
  type SmsSender,
} from './sms.js';
export { verificationService, type VerificationService } from './verification.service.js';
export { registerVerificationAdminRoutes, smtpSettingsView, smsSettingsView } from './verification.admin.routes.js';
