import {
  webhookDeliveryIdInput,
  webhookDeliveryListInput,
  webhookIdInput,
  webhookSaveInput,
  webhookToggleInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { WebhooksService } from './webhooks.service.js';

const A = ADMIN_PREFIX;

/**
 * Admin: the platform's subscriptions (every event, trusted addresses) and every delivery of every
 * subscription (members' included, read-only but replayable). Every write is audited.
 */
export function registerWebhookAdminRoutes(app: FastifyInstance, webhooks: WebhooksService): void {
  const perm = { auth: 'admin', permission: 'webhooks.manage' } as const;
  defineCall(app, `${A}/webhooks/list`, perm, () => webhooks.list(null));
  defineCall(
    app,
    `${A}/webhooks/save`,
    { ...perm, input: webhookSaveInput, audit: { action: 'webhooks.save' } },
    (ctx, input) => webhooks.save(null, input, (trx, id) => writeAudit(ctx, trx, { id })),
  );
  defineCall(
    app,
    `${A}/webhooks/toggle`,
    { ...perm, input: webhookToggleInput, audit: { action: 'webhooks.toggle' } },
    (ctx, input) => webhooks.toggle(null, input.id, input.enabled, (trx) => writeAudit(ctx, trx)),
  );
  defineCall(
    app,
    `${A}/webhooks/rotate`,
    { ...perm, input: webhookIdInput, audit: { action: 'webhooks.rotate' } },
    (ctx, input) => webhooks.rotate(null, input.id, (trx) => writeAudit(ctx, trx)),
  );
  defineCall(
    app,
    `${A}/webhooks/delete`,
    { ...perm, input: webhookIdInput, audit: { action: 'webhooks.delete' } },
    (ctx, input) => webhooks.remove(null, input.id, (trx) => writeAudit(ctx, trx)),
  );
  defineCall(
    app,
    `${A}/webhooks/test`,
    { ...perm, input: webhookIdInput, audit: { action: 'webhooks.test' }, limits: [{ max: 20, windowMs: 60_000 }] },
    (ctx, input) => webhooks.test(null, input.id, (trx) => writeAudit(ctx, trx)),
  );
  defineCall(app, `${A}/webhooks/deliveries`, { ...perm, input: webhookDeliveryListInput }, (_ctx, input) =>
    webhooks.deliveries('all', input),
  );
  defineCall(app, `${A}/webhooks/delivery`, { ...perm, input: webhookDeliveryIdInput }, (_ctx, input) =>
    webhooks.delivery('all', input.id),
  );
  defineCall(
    app,
    `${A}/webhooks/replay`,
    { ...perm, input: webhookDeliveryIdInput, audit: { action: 'webhooks.replay' } },
    (ctx, input) => webhooks.replay('all', input.id, (trx) => writeAudit(ctx, trx)),
  );
}
