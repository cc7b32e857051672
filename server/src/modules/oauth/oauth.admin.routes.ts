import { oauthSettingsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { SettingsStore } from '../../core/settings.js';
import type { Deps } from '../../deps.js';
import { secretBoxFor } from '../verification/index.js';
import { oauthSettingKey, type OAuthApp } from './oauth.service.js';

const A = ADMIN_PREFIX;

/** The OAuth apps as the admin settings page shows them: the secret only as set or not. */
export function oauthSettingsView(settings: SettingsStore) {
  return Object.fromEntries(
    (['qq', 'wx', 'mp'] as const).map((k) => {
      const raw = settings.get(oauthSettingKey(k));
      const o = raw ? (JSON.parse(raw) as OAuthApp) : null;
      return [
        k,
        o
          ? {
              enabled: o.enabled,
              appId: o.appId,
              appSecretSet: !!o.secretEnc,
              authorizeUrl: o.authorizeUrl,
              tokenUrl: o.tokenUrl,
              userInfoUrl: o.userInfoUrl,
            }
          : null,
      ];
    }),
  );
}

/** Admin call on the OAuth app keys (secret sealed at rest). Audited. */
export function registerOAuthAdminRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, settings, config } = deps;
  const box = secretBoxFor(config.dataDir);
  const set = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(
    app,
    `${A}/settings/oauth`,
    { ...set, input: oauthSettingsInput, audit: { action: 'settings.oauth' } },
    async (ctx, input) => {
      const key = oauthSettingKey(input.provider);
      const raw = settings.get(key);
      const before = raw ? (JSON.parse(raw) as OAuthApp) : null;
      const next: OAuthApp = {
        enabled: input.enabled,
        appId: input.appId,
        secretEnc: input.appSecret ? box.seal(input.appSecret) : (before?.secretEnc ?? ''),
        authorizeUrl: input.authorizeUrl ?? '',
        tokenUrl: input.tokenUrl ?? '',
        userInfoUrl: input.userInfoUrl ?? '',
      };
      await db.transaction().execute(async (trx) => {
        await settings.set(key, JSON.stringify(next), trx);
        await writeAudit(ctx, trx, { target: `setting:oauth.${input.provider}`, before, after: next });
      });
    },
  );
}
