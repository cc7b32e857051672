import { messageIdsInput, messageListInput, messagePrefInput, messageReadInput, restockInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { MessagesService } from './messages.service.js';

const MINUTE = 60_000;
const member = { auth: 'user' } as const;
/** Writes people make by hand: generous for people, a stop for scripts. */
const writes = { ...member, limits: [{ max: 120, windowMs: MINUTE }] };

/** /inside/message: the member's messages, the bell, channel choices, Telegram binding; 到货提醒 on the goods page. */
export function registerMessageRoutes(app: FastifyInstance, messages: MessagesService): void {
  defineCall(app, '/inside/message/list', { ...member, input: messageListInput }, (ctx, input) =>
    messages.list(ctx, input),
  );
  /** The bell's poll: one counter row. */
  defineCall(app, '/inside/message/unread', member, (ctx) => messages.unread(ctx));
  defineCall(app, '/inside/message/latest', member, (ctx) => messages.latest(ctx));
  defineCall(app, '/inside/message/read', { ...writes, input: messageReadInput }, (ctx, input) =>
    messages.mark(ctx, input.ids, input.read),
  );
  defineCall(app, '/inside/message/readAll', writes, (ctx) => messages.markAll(ctx));
  defineCall(app, '/inside/message/delete', { ...writes, input: messageIdsInput }, (ctx, input) =>
    messages.remove(ctx, input.ids),
  );

  defineCall(app, '/inside/message/settings', member, (ctx) => messages.settings(ctx));
  defineCall(app, '/inside/message/savePref', { ...writes, input: messagePrefInput }, (ctx, input) =>
    messages.savePref(ctx, input),
  );
  defineCall(app, '/inside/message/telegramCode', { ...member, limits: [{ max: 10, windowMs: 10 * MINUTE }] }, (ctx) =>
    messages.telegramCode(ctx),
  );
  defineCall(app, '/inside/message/telegramUnbind', writes, (ctx) => messages.telegramUnbind(ctx));

  defineCall(app, '/inside/restock/state', { ...member, input: restockInput }, (ctx, input) =>
    messages.restockState(ctx, input.goodsId),
  );
  defineCall(
    app,
    '/inside/restock/subscribe',
    { ...member, input: restockInput, limits: [{ max: 30, windowMs: MINUTE }] },
    (ctx, input) => messages.subscribeRestock(ctx, input.goodsId),
  );
  defineCall(app, '/inside/restock/unsubscribe', { ...writes, input: restockInput }, (ctx, input) =>
    messages.unsubscribeRestock(ctx, input.goodsId),
  );
}
