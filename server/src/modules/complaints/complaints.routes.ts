import {
  complaintAssignInput,
  complaintDecideInput,
  complaintEligibilityInput,
  complaintIdInput,
  complaintOpenInput,
  complaintReplyInput,
  complaintSettingsInput,
  deskComplaintListInput,
  myComplaintListInput,
  visitorComplaintInput,
  visitorComplaintOpenInput,
  visitorComplaintReplyInput,
  type ComplaintDetail,
  type ComplaintEligibility,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, type Limit } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { VISITOR_PASSWORD_LIMITS } from '../orders/index.js';
import { storeEvidence } from './complaint-files.js';
import type { ComplaintsService, VisitorProof } from './complaints.service.js';

const MINUTE = 60_000;
/** Filing: a few per address in a while (each one notifies a seller and staff). */
const OPEN_LIMITS: Limit[] = [{ max: 10, windowMs: 10 * MINUTE }];
const REPLY_LIMITS: Limit[] = [{ max: 60, windowMs: 10 * MINUTE }];
const UPLOAD_LIMITS: Limit[] = [{ max: 30, windowMs: 10 * MINUTE }];

export function registerComplaintRoutes(app: FastifyInstance, deps: Deps, complaints: ComplaintsService): void {
  const upload = (ctx: RequestContext, req: Parameters<typeof storeEvidence>[3]) =>
    storeEvidence(deps.db, deps.config.dataDir, ctx, req);

  // ---------- the buyer (member) ----------
  const user = { auth: 'user' as const };
  defineCall(app, '/inside/complaint/eligibility', { ...user, input: complaintEligibilityInput }, (ctx, input) =>
    complaints.eligibility(ctx, input.orderNo),
  );
  defineCall(app, '/inside/complaint/open', { ...user, input: complaintOpenInput, limits: OPEN_LIMITS }, (ctx, input) =>
    complaints.openByMember(ctx, input),
  );
  defineCall(app, '/inside/complaint/list', { ...user, input: myComplaintListInput }, (ctx, input) =>
    complaints.listMine(ctx, input),
  );
  defineCall(app, '/inside/complaint/detail', { ...user, input: complaintIdInput }, (ctx, input) =>
    complaints.detail(ctx, input.id, 'buyer'),
  );
  defineCall(
    app,
    '/inside/complaint/reply',
    { ...user, input: complaintReplyInput, limits: REPLY_LIMITS },
    (ctx, input) => complaints.reply(ctx, input.id, 'buyer', input),
  );
  defineCall(app, '/inside/complaint/withdraw', { ...user, input: complaintIdInput }, (ctx, input) =>
    complaints.withdraw(ctx, input.id),
  );
  defineCall(app, '/inside/complaint/arbitrate', { ...user, input: complaintIdInput }, (ctx, input) =>
    complaints.arbitrate(ctx, input.id),
  );
  // Evidence for members and suppliers (the same session area): multipart field `file`.
  defineCall(app, '/inside/complaint/upload', { ...user, limits: UPLOAD_LIMITS }, (ctx, _input, req) =>
    upload(ctx, req),
  );

  // ---------- the seller (a supplier: the goods' owner) ----------
  defineCall(app, '/supply/complaint/list', { ...user, input: myComplaintListInput }, (ctx, input) =>
    complaints.listSeller(ctx, input),
  );
  defineCall(app, '/supply/complaint/detail', { ...user, input: complaintIdInput }, (ctx, input) =>
    complaints.detail(ctx, input.id, 'seller'),
  );
  defineCall(
    app,
    '/supply/complaint/reply',
    { ...user, input: complaintReplyInput, limits: REPLY_LIMITS },
    (ctx, input) => complaints.reply(ctx, input.id, 'seller', input),
  );

  // ---------- the buyer (visitor, through the order's query password) ----------
  // One guessing budget with every other check of a visitor's order credentials.
  // Counted when a query password is sent; the access token is unguessable.
  const visitor = { limits: VISITOR_PASSWORD_LIMITS };
  const visitorComplaint = async (ctx: RequestContext, proof: VisitorProof) => {
    const found = await complaints.visitorComplaint(ctx, proof);
    if (!found.complaint) throw businessError('COMPLAINT_NOT_FOUND');
    return found.complaint;
  };
  defineCall(
    app,
    '/visitor/complaint/get',
    { ...visitor, input: visitorComplaintInput },
    async (ctx, input): Promise<{ eligibility: ComplaintEligibility; complaint: ComplaintDetail | null }> => {
      const found = await complaints.visitorComplaint(ctx, input);
      return {
        eligibility: found.eligibility,
        complaint: found.complaint ? await complaints.visitorDetail(ctx, found.complaint) : null,
      };
    },
  );
  defineCall(
    app,
    '/visitor/complaint/open',
    { limits: [...VISITOR_PASSWORD_LIMITS, ...OPEN_LIMITS], input: visitorComplaintOpenInput },
    (ctx, input) => complaints.openByVisitor(ctx, input),
  );
  defineCall(
    app,
    '/visitor/complaint/reply',
    { limits: [...VISITOR_PASSWORD_LIMITS, ...REPLY_LIMITS], input: visitorComplaintReplyInput },
    async (ctx, input) => complaints.visitorReply(ctx, await visitorComplaint(ctx, input), input),
  );
  defineCall(app, '/visitor/complaint/withdraw', { ...visitor, input: visitorComplaintInput }, async (ctx, input) =>
    complaints.visitorWithdraw(ctx, await visitorComplaint(ctx, input)),
  );
  defineCall(app, '/visitor/complaint/arbitrate', { ...visitor, input: visitorComplaintInput }, async (ctx, input) =>
    complaints.visitorArbitrate(ctx, await visitorComplaint(ctx, input)),
  );
  defineCall(app, '/visitor/complaint/upload', { limits: UPLOAD_LIMITS }, (ctx, _input, req) => upload(ctx, req));

  // ---------- service staff: the desk (/other) and the admin's screen ----------
  for (const [prefix, auth] of [
    ['/other/complaint', 'other'],
    [`${ADMIN_PREFIX}/complaints`, 'admin'],
  ] as const) {
    const staff = { auth, permission: 'service.desk' as const };
    defineCall(app, `${prefix}/list`, { ...staff, input: deskComplaintListInput }, (ctx, input) =>
      complaints.deskList(ctx, input),
    );
    defineCall(app, `${prefix}/detail`, { ...staff, input: complaintIdInput }, (ctx, input) =>
      complaints.detail(ctx, input.id, 'staff'),
    );
    defineCall(app, `${prefix}/reply`, { ...staff, input: complaintReplyInput }, (ctx, input) =>
      complaints.reply(ctx, input.id, 'staff', input),
    );
    defineCall(
      app,
      `${prefix}/assign`,
      { ...staff, input: complaintAssignInput, audit: { action: 'complaints.assign' } },
      (ctx, input) => complaints.assign(ctx, input.id, input.staffId),
    );
    defineCall(
      app,
      `${prefix}/decide`,
      { ...staff, input: complaintDecideInput, audit: { action: 'complaints.decide' } },
      (ctx, input) => complaints.decide(ctx, input.id, input),
    );
    defineCall(app, `${prefix}/colleagues`, staff, () => complaints.colleagues());
    defineCall(app, `${prefix}/upload`, { ...staff, limits: UPLOAD_LIMITS }, (ctx, _input, req) => upload(ctx, req));
  }
  const settings = { auth: 'admin' as const, permission: 'settings.edit' as const };
  defineCall(app, `${ADMIN_PREFIX}/complaints/settings`, settings, () => complaints.settings());
  defineCall(
    app,
    `${ADMIN_PREFIX}/complaints/saveSettings`,
    { ...settings, input: complaintSettingsInput, audit: { action: 'complaints.settings' } },
    (ctx, input) => complaints.saveSettings(ctx, input),
  );
}
