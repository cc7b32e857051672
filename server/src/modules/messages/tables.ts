import type { Id } from '../../core/db/column-types.js';

/** One in-app message (站内信) to one member. */
export interface MessagesTable {
  id: Id;
  user_id: number;
  /** The kind of event it is about (a key of the topic map, e.g. 'order.refunded', 'broadcast'). */
  topic: string;
  category: string;
  title: string;
  body: string;
  link: string;
  /** Null while unread. */
  read_at: number | null;
  /** The broadcast that wrote it, when one did. */
  broadcast_id: number | null;
  created_at: number;
}

/** Each member's unread and total counts, kept with every write of their messages (the bell reads one row). */
export interface MessageCountersTable {
  user_id: number;
  unread: number;
  total: number;
  updated_at: number;
}

/** A member's channels beyond the app for one topic (absent = the defaults: e-mail off, Telegram on once bound). */
export interface MessagePrefsTable {
  id: Id;
  user_id: number;
  topic: string;
  email: number;
  telegram: number;
  updated_at: number;
}

/** A member's bound Telegram chat (one per member). */
export interface MessageChatsTable {
  id: Id;
  user_id: number;
  chat_id: string;
  chat_name: string;
  bound_at: number;
}

/** One-time codes a member sends to the bot as `/start <code>`; stored as an HMAC, used once, short-lived. */
export interface MessageBindCodesTable {
  id: Id;
  code_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** 到货提醒: a member asked to be told when a sold-out goods is back; removed once told. */
export interface RestockSubscriptionsTable {
  id: Id;
  user_id: number;
  goods_id: number;
  created_at: number;
}

/** An admin broadcast, written to its audience in batches by a job (`cursor`: the last member id done). */
export interface MessageBroadcastsTable {
  id: Id;
  audience: string;
  level_id: number | null;
  site_id: number | null;
  title: string;
  body: string;
  status: 'queued' | 'sending' | 'done';
  cursor: number;
  sent: number;
  created_by: string;
  created_at: number;
  finished_at: number | null;
}

/** A staff group robot (企业微信 / 钉钉 / Telegram group) and the pending-work topics it is told about. */
export interface MessageRobotsTable {
  id: Id;
  name: string;
  kind: string;
  /** The webhook address, sealed (its key is a secret). */
  url_enc: string | null;
  /** 钉钉's 加签 secret, sealed. */
  secret_enc: string | null;
  chat_id: string;
  /** JSON array of topics. */
  topics: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** One notification sent (or to send) through a channel beyond the app: the delivery log admins read. */
export interface MessageDeliveriesTable {
  id: Id;
  channel: 'email' | 'telegram' | 'robot';
  user_id: number | null;
  robot_id: number | null;
  topic: string;
  /** Shown in the log: the member's login name or the robot's name. */
  target: string;
  subject: string;
  text: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string;
  created_at: number;
  sent_at: number | null;
}

/** The tables the messages module owns; other modules reach them only through its index.ts. */
export interface MessagesTables {
  messages: MessagesTable;
  message_counters: MessageCountersTable;
  message_prefs: MessagePrefsTable;
  message_chats: MessageChatsTable;
  message_bind_codes: MessageBindCodesTable;
  restock_subscriptions: RestockSubscriptionsTable;
  message_broadcasts: MessageBroadcastsTable;
  message_robots: MessageRobotsTable;
  message_deliveries: MessageDeliveriesTable;
}
