import {
  webhookDeliveryIdInput,
  webhookDeliveryListInput,
  webhookIdInput,
  webhookSaveInput,
  webhookToggleInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { WebhooksService } from './webhooks.service.js';

const MINUTE = 60_000;
const member = { auth: 'user' } as const;
const writes = { ...member, limits: [{ max: 60, windowMs: MINUTE }] };

/** /inside/webhook: a member's own subscriptions and their delivery log (others' are "not found"). */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhooksService): void {
  const owner = (ctx: { actor: { id: number } }) => ctx.actor.id;
  defineCall(app, '/inside/webhook/list', member, (ctx) => webhooks.list(owner(ctx)));
  defineCall(
    app,
    '/inside/webhook/save',
    { ...member, input: webhookSaveInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input) => webhooks.save(owner(ctx), input),
  );
  defineCall(app, '/inside/webhook/toggle', { ...writes, input: webhookToggleInput }, (ctx, input) =>
    webhooks.toggle(owner(ctx), input.id, input.enabled),
  );
  defineCall(
    app,
    '/inside/webhook/rotate',
    { ...member, input: webhookIdInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => webhooks.rotate(owner(ctx), input.id),
  );
  defineCall(app, '/inside/webhook/delete', { ...writes, input: webhookIdInput }, (ctx, input) =>
    webhooks.remove(owner(ctx), input.id),
  );
  defineCall(
    app,
    '/inside/webhook/test',
    { ...member, input: webhookIdInput, limits: [{ max: 10, windowMs: MINUTE }] },
    (ctx, input) => webhooks.test(owner(ctx), input.id),
  );
  defineCall(app, '/inside/webhook/deliveries', { ...member, input: webhookDeliveryListInput }, (ctx, input) =>
    webhooks.deliveries(owner(ctx), input),
  );
  defineCall(app, '/inside/webhook/delivery', { ...member, input: webhookDeliveryIdInput }, (ctx, input) =>
    webhooks.delivery(owner(ctx), input.id),
  );
  defineCall(
    app,
    '/inside/webhook/replay',
    { ...member, input: webhookDeliveryIdInput, limits: [{ max: 20, windowMs: MINUTE }] },
    (ctx, input) => webhooks.replay(owner(ctx), input.id),
  );
}
