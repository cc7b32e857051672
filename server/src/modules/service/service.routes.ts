import {
  consultAskInput,
  consultIdInput,
  consultReplyInput,
  deskConsultListInput,
  deskMemberLookupInput,
  deskMemberOrdersInput,
  deskOrderLookupInput,
  myConsultListInput,
  serviceReplyIdInput,
  serviceReplySaveInput,
  visitorConsultAskInput,
  visitorConsultInput,
  visitorConsultReplyInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, type Limit } from '../../core/calls.js';
import type { ServiceDesk } from './service.service.js';

const MINUTE = 60_000;
const ASK_LIMITS: Limit[] = [{ max: 10, windowMs: 10 * MINUTE }];
/** Visitors: fewer questions, and a budget on reading links (tokens are unguessable, but still). */
const VISITOR_ASK_LIMITS: Limit[] = [{ max: 5, windowMs: 10 * MINUTE }];
const VISITOR_READ_LIMITS: Limit[] = [{ max: 60, windowMs: 10 * MINUTE }];
const REPLY_LIMITS: Limit[] = [{ max: 30, windowMs: 10 * MINUTE }];

export function registerServiceRoutes(app: FastifyInstance, desk: ServiceDesk): void {
  // ---------- the asker: member ----------
  const user = { auth: 'user' as const };
  defineCall(app, '/inside/consult/ask', { ...user, input: consultAskInput, limits: ASK_LIMITS }, (ctx, input) =>
    desk.ask(ctx, input),
  );
  defineCall(app, '/inside/consult/list', { ...user, input: myConsultListInput }, (ctx, input) =>
    desk.myList(ctx, input),
  );
  defineCall(app, '/inside/consult/detail', { ...user, input: consultIdInput }, (ctx, input) =>
    desk.myDetail(ctx, input.id),
  );
  defineCall(app, '/inside/consult/reply', { ...user, input: consultReplyInput, limits: REPLY_LIMITS }, (ctx, input) =>
    desk.myReply(ctx, input.id, input.content),
  );

  // ---------- the asker: visitor (a token link) ----------
  defineCall(app, '/visitor/consult/ask', { input: visitorConsultAskInput, limits: VISITOR_ASK_LIMITS }, (ctx, input) =>
    desk.ask(ctx, input),
  );
  defineCall(
    app,
    '/visitor/consult/detail',
    { input: visitorConsultInput, limits: VISITOR_READ_LIMITS },
    (_ctx, input) => desk.visitorDetail(input.token),
  );
  defineCall(
    app,
    '/visitor/consult/reply',
    { input: visitorConsultReplyInput, limits: [...VISITOR_READ_LIMITS, ...REPLY_LIMITS] },
    (_ctx, input) => desk.visitorReply(input.token, input.content),
  );

  // ---------- the desk (/other/service) ----------
  const staff = { auth: 'other' as const, permission: 'service.desk' as const };
  defineCall(app, '/other/consult/list', { ...staff, input: deskConsultListInput }, (ctx, input) =>
    desk.deskList(ctx, input),
  );
  defineCall(app, '/other/consult/detail', { ...staff, input: consultIdInput }, (_ctx, input) =>
    desk.deskDetail(input.id),
  );
  defineCall(app, '/other/consult/reply', { ...staff, input: consultReplyInput }, (ctx, input) =>
    desk.deskReply(ctx, input.id, input.content),
  );
  defineCall(app, '/other/consult/close', { ...staff, input: consultIdInput }, (ctx, input) =>
    desk.deskClose(ctx, input.id),
  );
  defineCall(app, '/other/replies/list', staff, () => desk.replies());
  defineCall(
    app,
    '/other/replies/save',
    { ...staff, input: serviceReplySaveInput, audit: { action: 'service.replySave' } },
    (ctx, input) => desk.saveReply(ctx, input),
  );
  defineCall(
    app,
    '/other/replies/delete',
    { ...staff, input: serviceReplyIdInput, audit: { action: 'service.replyDelete' } },
    (ctx, input) => desk.deleteReply(ctx, input.id),
  );
  defineCall(app, '/other/lookup/members', { ...staff, input: deskMemberLookupInput }, (_ctx, input) =>
    desk.findMembers(input.keyword),
  );
  defineCall(app, '/other/lookup/memberOrders', { ...staff, input: deskMemberOrdersInput }, (ctx, input) =>
    desk.memberOrders(ctx, input),
  );
  defineCall(app, '/other/lookup/order', { ...staff, input: deskOrderLookupInput }, (ctx, input) =>
    desk.order(ctx, input.orderNo),
  );
}
