// Console fixtures: an operator's session and the answers of the /ops routes, shaped by the contracts' types.
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser, storeSessionForTest } from '../../../test/fixtures';
import { id, makeJob } from '../../../test/signed-in';
import type { OpsDispute, OpsUser } from './opsApi';

const HOUR = 3_600_000;

/** A stored operator session (operators have no profile). */
export function signedInOperator(language: 'en' | 'es' = 'en') {
  const user = { ...makeUser('chef', language), email: 'ops@brigade.test', user_type: 'operator' as const };
  storeSessionForTest(makeSession(user));
  fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [] } });
  // issue 39: no reviews by or about anyone unless a test says so
  fakeApi.on('GET', '/ops/reviews', { body: { reviews: [] } });
  return user;
}

const chefRecord = {
  completed_shifts: 12,
  late_cancellations: 1,
  no_shows: 0,
  last_90_days: { completed_shifts: 4, late_cancellations: 0, no_shows: 0 },
};
const restaurantRecord = {
  completed_shifts: 30,
  late_cancellations: 2,
  disputes_lost: 1,
  last_90_days: { completed_shifts: 9, late_cancellations: 1, disputes_lost: 0 },
};

/** The chef's statement, in Spanish with its English translation. */
function chefStatement(at: string): OpsDispute['statements'][number] {
  return {
    id: id('d'),
    author_id: id('e'),
    author_side: 'chef',
    text: 'Llegué a las seis y trabajé hasta el cierre.',
    language: 'es',
    translated_text: 'I arrived at six and worked until closing.',
    translated_language: 'en',
    created_at: at,
  };
}

/** An open dispute on a 5-hour $20/h shift ($100.00 pay, $107.00 charged), opened `hoursAgo` ago. */
export function makeDispute(hoursAgo = 30, overrides: Partial<OpsDispute> = {}): OpsDispute {
  const job = makeJob({
    status: 'disputed',
    title: 'Line Cook',
    start_time: new Date(Date.now() - (hoursAgo + 8) * HOUR).toISOString(),
    end_time: new Date(Date.now() - (hoursAgo + 3) * HOUR).toISOString(),
  }) as unknown as OpsDispute['job'];
  const opened = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return {
    job,
    opened_at: opened,
    overdue: hoursAgo >= 72,
    chef: {
      user_id: id('e'),
      name: 'Maria Lopez',
      reliability: chefRecord,
      statements_count: 1,
      latest_statement: chefStatement(opened),
    },
    restaurant: {
      user_id: job.restaurant_id,
      name: 'North Loop Kitchen',
      reliability: restaurantRecord,
      statements_count: 0,
      latest_statement: null,
    },
    checkouts: {
      chef: { work_completed: true, rating: 4, feedback: 'Worked the whole shift', answered_at: opened },
      restaurant: { work_completed: false, rating: 1, feedback: 'Never showed up', answered_at: opened },
    },
    statements: [chefStatement(opened)],
    statements_next: null,
    thread_size: 0,
    resolution: null,
    ...overrides,
  };
}

/** The dispute page's other calls: the thread and the ledger. */
export function disputeRoutes(dispute: OpsDispute) {
  fakeApi.on('GET', `/ops/disputes/${dispute.job.id}`, { body: { dispute } });
  fakeApi.on('GET', `/ops/jobs/${dispute.job.id}/messages`, { body: { messages: [] } });
  fakeApi.on('GET', `/ops/jobs/${dispute.job.id}/ledger`, {
    body: {
      job_id: dispute.job.id,
      payment_status: 'held_in_escrow',
      entries: [{ kind: 'charge', amount_cents: 10_700, provider_id: 'pi_1', at: dispute.opened_at }],
      totals: { charged_cents: 10_700, transferred_cents: 0, fee_cents: 0, refunded_cents: 0 },
      decision: null,
    },
  });
}

export function makeOpsUser(overrides: Partial<OpsUser> = {}): OpsUser {
  return {
    id: id('u'),
    email: 'maria@example.com',
    email_verified: true,
    phone: '+16125550100',
    phone_verified: true,
    user_type: 'chef',
    language_preference: 'es',
    name: 'Maria Lopez',
    created_at: '2026-01-05T12:00:00.000Z',
    suspension: null,
    ...overrides,
  };
}
