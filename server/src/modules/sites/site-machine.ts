import type { SiteStatus } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';

/**
 * A site's status (decision 0009): the owner closes and reopens it; staff suspend an open or
 * closed site and resume it; the expiry job expires it after its time and the grace days, and a
 * renewal opens it again. Data stays in every state.
 */
export const siteMachine = defineMachine<SiteStatus, 'sites'>(
  'site',
  {
    active: ['closed', 'suspended', 'expired'],
    closed: ['active', 'suspended', 'expired'],
    suspended: ['active'],
    expired: ['active'],
  },
  { table: 'sites' },
);

/**
 * A site opening paid online: waiting for the recharge; opened (done) or refused at opening time (failed,
 * the money stays on the balance); the member may cancel or replace a waiting or failed one.
 */
export const openRequestMachine = defineMachine<'waiting' | 'done' | 'failed' | 'cancelled', 'site_open_requests'>(
  'siteOpenRequest',
  {
    waiting: ['done', 'failed', 'cancelled'],
    failed: ['waiting', 'cancelled'],
    done: ['waiting'],
    cancelled: ['waiting'],
  },
  { table: 'site_open_requests' },
);

/** Why a site does not serve its storefront, or null when it does (the resolver answers the matching code). */
export function siteRefusal(status: SiteStatus): 'closed' | 'suspended' | 'expired' | null {
  return status === 'active' ? null : status;
}

/** True when the site's storefront and member calls are served (the platform always is). */
export function siteIsServing(site: { status: SiteStatus }): boolean {
  return siteRefusal(site.status) === null;
}
