import type { Id } from '../../core/db/column-types.js';

/** An address subscribed to domain events: a member's (user_id) or the platform's (user_id null). */
export interface WebhookSubscriptionsTable {
  id: Id;
  user_id: number | null;
  name: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  /** The signing secret, sealed (SecretBox); shown once at creation or rotation. */
  secret_enc: string;
  /** Its last 4 characters, to tell secrets apart. */
  secret_hint: string;
  created_at: number;
  updated_at: number;
}

/** One event sent to one subscription: the body is fixed at creation (replays send it again). */
export interface WebhookDeliveriesTable {
  id: Id;
  /** The id the receiver sees (X-Kapu-Delivery, the body's id). */
  uid: string;
  subscription_id: number;
  /** The subscription's owner at creation (null: the platform), for the owner's lists. */
  user_id: number | null;
  event: string;
  /** The domain event (null: a test event). */
  event_id: number | null;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  http_status: number | null;
  excerpt: string;
  duration_ms: number | null;
  created_at: number;
  last_attempt_at: number | null;
  next_retry_at: number | null;
}

/** Every attempt of a delivery: when, the answer's status and first 500 characters, or the error. */
export interface WebhookAttemptsTable {
  id: Id;
  delivery_id: number;
  attempt: number;
  at: number;
  http_status: number | null;
  excerpt: string;
  error: string;
  duration_ms: number;
}

export interface WebhooksTables {
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
