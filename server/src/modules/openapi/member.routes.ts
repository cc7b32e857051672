import {
  OPENAPI_VERSION,
  openApiCallListInput,
  openApiKeyCreateInput,
  openApiKeyEnableInput,
  openApiKeyIdInput,
  openApiKeyNoSalePwdInput,
  openApiKeyUpdateInput,
  openApiPushInput,
  openApiTryInput,
  type OpenApiTryAnswer,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { defaultOpenApiKey } from '../accounts/index.js';
import { openApiCredentials, openApiKeys } from './keys.js';
import { signRequest } from './signature.js';

const I = '/inside/openapi';
const MINUTE = 60_000;

/** The member centre's open-API calls (`/inside/openapi`): keys, push address, call log, the tester. */
export function registerOpenApiMemberRoutes(app: FastifyInstance, deps: Deps): void {
  const keys = openApiKeys(deps);
  const user = { auth: 'user' as const };
  const writes = { ...user, limits: [{ max: 30, windowMs: MINUTE, perActor: true }] };

  defineCall(app, `${I}/keys`, user, async (ctx) => keys.list(ctx, await defaultOpenApiKey(deps, ctx.actor.id)));
  defineCall(app, `${I}/createKey`, { ...writes, input: openApiKeyCreateInput }, (ctx, input) =>
    keys.create(ctx, input),
  );
  defineCall(app, `${I}/updateKey`, { ...writes, input: openApiKeyUpdateInput }, (ctx, input) =>
    keys.update(ctx, input),
  );
  defineCall(app, `${I}/enableKey`, { ...writes, input: openApiKeyEnableInput }, (ctx, input) =>
    keys.setEnabled(ctx, input.id, input.enabled),
  );
  defineCall(
    app,
    `${I}/setNoSalePwd`,
    { ...writes, input: openApiKeyNoSalePwdInput, audit: { action: 'openapi.setNoSalePwd' } },
    (ctx, input) => keys.setNoSalePwd(ctx, input.id, input.enabled, input.salePwd),
  );
  defineCall(app, `${I}/rotateKey`, { ...writes, input: openApiKeyIdInput }, (ctx, input) =>
    keys.rotate(ctx, input.id),
  );
  defineCall(app, `${I}/revokeKey`, { ...writes, input: openApiKeyIdInput }, (ctx, input) =>
    keys.revoke(ctx, input.id),
  );
  defineCall(app, `${I}/setPush`, { ...writes, input: openApiPushInput }, async (ctx, input) =>
    keys.setDefaultPush(ctx, (await defaultOpenApiKey(deps, ctx.actor.id))?.appId ?? null, input.appId, input.pushUrl),
  );
  defineCall(app, `${I}/calls`, { ...user, input: openApiCallListInput }, (ctx, input) => keys.calls(ctx, input));

  // The tester: the server signs with the member's own key, so the browser never holds the secret.
  defineCall(
    app,
    `${I}/try`,
    { ...user, input: openApiTryInput, limits: [{ max: 60, windowMs: MINUTE, perActor: true }] },
    async (ctx, input, req): Promise<OpenApiTryAnswer> => {
      const key = await openApiCredentials(deps, input.appId);
      if (!key || key.userId !== ctx.actor.id) throw businessError('OPENAPI_KEY_NOT_FOUND');
      const body = input.body ?? '{}';
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers = {
        'content-type': 'application/json',
        'x-app-id': input.appId,
        'x-version': OPENAPI_VERSION,
        'x-timestamp': timestamp,
        'x-signature': signRequest(input.appId, key.secret, OPENAPI_VERSION, timestamp, body),
      };
      const path = input.path.replace(/^\/+/, '').replace(/^openapi\//, '');
      const res = await app.inject({
        method: 'POST',
        url: `/openapi/${encodeURI(path)}`,
        headers,
        payload: body,
        remoteAddress: req.ip,
      });
      let answer: unknown;
      try {
        answer = res.json();
      } catch {
        answer = res.body;
      }
      return { request: { path: `/openapi/${path}`, headers, body }, answer };
    },
  );
}
