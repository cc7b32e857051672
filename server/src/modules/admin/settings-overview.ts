import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Deps } from '../../deps.js';
import { securityThresholds } from '../accounts/index.js';
import type { ContentService } from '../content/index.js';
import { oauthSettingsView } from '../oauth/index.js';
import { smsSettingsView, smtpSettingsView } from '../verification/index.js';

const A = ADMIN_PREFIX;

/**
 * The admin settings page reads every section in one call; each section's owner builds its part
 * (the writes are the owners' own calls: settings/security in accounts, settings/smtp in verification…).
 */
export function registerSettingsOverview(app: FastifyInstance, deps: Deps, content: ContentService): void {
  const { settings } = deps;
  defineCall(app, `${A}/settings/get`, { auth: 'admin', permission: 'settings.edit' }, () => ({
    adminPath: settings.adminPath,
    security: securityThresholds(settings),
    smtp: smtpSettingsView(settings),
    sms: smsSettingsView(settings),
    oauth: oauthSettingsView(settings),
    service: content.service(),
  }));
}
