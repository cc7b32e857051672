import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/connect.js';
import { scheduleRecurring } from '../../core/recurring.js';
import type { Deps } from '../../deps.js';
import { registerEvidenceFiles } from './complaint-files.js';
import { registerComplaintRoutes } from './complaints.routes.js';
import { complaintsService, type ComplaintFlows, type ComplaintsService } from './complaints.service.js';

export { complaintMachine, complaintEligibility, statusAfterReply } from './complaint-machine.js';
export {
  complaintsService,
  complaintSettings,
  ComplaintSettingKeys,
  type ComplaintFlows,
  type ComplaintsService,
} from './complaints.service.js';

/** The durable job that moves complaints whose seller did not answer in time to arbitration. */
export const ESCALATE_JOB = 'complaints.escalate';
const ESCALATE_EVERY = 5 * 60_000;

/** Orders with a complaint that is not closed: their money stays frozen (decision 0011). */
export function heldByComplaints(db: Db) {
  return db
    .selectFrom('complaints')
    .select(sql<number>`open_order_id`.as('order_id'))
    .where('open_order_id', 'is not', null);
}

/**
 * The complaints module: registers its hold on orders' money (core/holds.ts, composed by the
 * release jobs), its calls, the evidence links, and the escalation job.
 */
export async function registerComplaints(
  app: FastifyInstance,
  deps: Deps,
  flows: ComplaintFlows,
): Promise<ComplaintsService> {
  deps.holds.register(heldByComplaints as Parameters<Deps['holds']['register']>[0]);
  const complaints = complaintsService(deps, flows);
  registerComplaintRoutes(app, deps, complaints);
  registerEvidenceFiles(app, deps.db, deps.config.dataDir);
  await scheduleRecurring(deps.db, deps.jobs, ESCALATE_JOB, ESCALATE_EVERY, (now) => complaints.escalateOverdue(now));
  return complaints;
}
