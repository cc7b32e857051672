import type { WebhookDeliveryListInput, WebhookSaveInput } from '@kapu/contract';
import type { Deps } from '../../deps.js';
import type { SecretBox } from '../verification/index.js';
import { deliveryDetail, listDeliveries, queueTest, replayDelivery, type DeliveryScope } from './deliveries.js';
import {
  deleteSubscription,
  listSubscriptions,
  rotateSecret,
  saveSubscription,
  toggleSubscription,
  type Audit,
  type WebhookOwner,
} from './subscriptions.js';

/**
 * The calls of members (owner = their id) and staff (owner = null, the platform). Every change to
 * subscriptions tells `changed` (the consumers' switches follow on every instance).
 */
export function webhooksService(deps: Deps, box: SecretBox, changed: () => Promise<void>) {
  const { db, config } = deps;
  const tz = config.timeZone;
  return {
    list: (owner: WebhookOwner) => listSubscriptions(db, owner, tz),
    async save(owner: WebhookOwner, input: WebhookSaveInput, audit?: Audit) {
      const saved = await saveSubscription(db, box, owner, input, { hosts: config.outboundHosts, timeZone: tz, audit });
      await changed();
      return saved;
    },
    async toggle(owner: WebhookOwner, id: number, enabled: boolean, audit?: Audit) {
      await toggleSubscription(db, owner, id, enabled, audit);
      await changed();
    },
    rotate: (owner: WebhookOwner, id: number, audit?: Audit) => rotateSecret(db, box, owner, id, tz, audit),
    async remove(owner: WebhookOwner, id: number, audit?: Audit) {
      await deleteSubscription(db, owner, id, audit);
      await changed();
    },
    async test(owner: WebhookOwner, id: number, audit?: Audit) {
      return { id: await queueTest(db, owner, id, audit) };
    },
    deliveries: (scope: DeliveryScope, input: WebhookDeliveryListInput) => listDeliveries(db, scope, input, tz),
    delivery: (scope: DeliveryScope, id: number) => deliveryDetail(db, scope, id, tz),
    replay: (scope: DeliveryScope, id: number, audit?: Audit) => replayDelivery(db, scope, id, audit),
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;
