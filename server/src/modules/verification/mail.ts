import { lazyModule } from '../../core/lazy-module.js';
import type { SettingsStore } from '../../core/settings.js';
import { businessError } from '../../core/errors.js';
import type { SecretBox } from './secret-box.js';

const nodemailer = lazyModule<typeof import('nodemailer')>('nodemailer');

export const MAIL_SETTING = 'mail.smtp';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  /** SecretBox of the password; never answered to anyone. */
  passEnc: string;
  from: string;
}

export function readSmtp(settings: SettingsStore): SmtpSettings | null {
  const raw = settings.get(MAIL_SETTING);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SmtpSettings;
  } catch {
    return null;
  }
}

/** Sends one mail (plain text, or text with an HTML alternative) through the SMTP server configured in admin. */
export async function sendMail(
  settings: SettingsStore,
  box: SecretBox,
  to: string,
  subject: string,
  body: string | { text: string; html: string },
  smtp = readSmtp(settings),
): Promise<void> {
  if (!smtp) throw businessError('MAIL_NOT_CONFIGURED');
  const transport = nodemailer().createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.passEnc ? box.open(smtp.passEnc) : '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: smtp.from, to, subject, ...(typeof body === 'string' ? { text: body } : body) });
  } finally {
    transport.close();
  }
}
