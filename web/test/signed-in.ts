import { fakeApi } from './fake-api';
import { chefProfile, makeSession, makeUser, restaurantProfile, storeSessionForTest } from './fixtures';

const noAccount = {
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  requirements: { currently_due: [] },
  account_id: null,
};

/** A stored session and the calls every signed-in page makes, answered with empty lists. */
export function signedIn(
  type: 'chef' | 'restaurant',
  options: { phoneVerified?: boolean; language?: 'en' | 'es' } = {},
) {
  const user = { ...makeUser(type, options.language), phone_verified: options.phoneVerified ?? true };
  storeSessionForTest(makeSession(user));
  const profile = type === 'chef' ? chefProfile(user) : restaurantProfile(user);
  fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
  fakeApi.on('GET', '/jobs', { body: { jobs: [] } });
  // issue 37: no shift offered to this chef first
  fakeApi.on('GET', '/jobs/offered-first', { body: { jobs: [] } });
  fakeApi.on('GET', '/applications', { body: { applications: [] } });
  fakeApi.on('GET', '/favorites', { body: { favorites: [] } });
  fakeApi.on('GET', '/shift-templates', { body: { templates: [] } });
  fakeApi.on('GET', '/offers', { body: { offers: [] } });
  fakeApi.on('GET', '/payments/connect/account-status', { body: noAccount });
  fakeApi.on('GET', '/payments/saved-card', { body: { card: null } });
  // issue 34: a restaurant owes nothing for extra hours
  fakeApi.on('GET', '/payments/balances', { body: { total_cents: 0, balances: [] } });
  fakeApi.on('GET', '/payments/config', { body: { sandbox: true, publishable_key: null } });
  fakeApi.on('GET', '/messages/conversations', { body: { conversations: [] } });
  // issue 40: the bell, nothing unread unless a test says so
  fakeApi.on('GET', '/notifications/unread-count', { body: { unread: 0 } });
  // issue 39: no published reviews unless a test says so
  fakeApi.on('GET', '/profiles/chef/:id/reviews', { body: { reviews: [], total: 0 } });
  fakeApi.on('GET', '/profiles/restaurant/:id/reviews', { body: { reviews: [], total: 0 } });
  return { user, profile };
}

let n = 0;
export const id = (prefix = 'a') =>
  `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const HOUR = 3_600_000;

/**
 * A job as GET /jobs/{id} answers it (amounts as the jobs service computes them), under the money rules of issue
 * 16: `late_cancel_from` LATE_CANCEL_WINDOW (24h) before the start, `checkout_deadline` CHECKOUT_DEADLINE (48h)
 * after the end, no cancellation.
 */
export function makeJob(
  overrides: Record<string, unknown> & { start_time?: string; end_time?: string } = {},
  policy = { lateCancelWindowMs: 24 * HOUR, checkoutDeadlineMs: 48 * HOUR },
) {
  const start = new Date(Date.now() + 2 * 24 * 3_600_000);
  start.setHours(18, 0, 0, 0);
  const end = new Date(start.getTime() + 5 * 3_600_000);
  const job = {
    id: id('b'),
    restaurant_id: id('c'),
    title: 'Line Cook',
    description: null,
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    hours: 5,
    hourly_rate: 20,
    subtotal_cents: 10_000,
    fee_cents: 700,
    total_cents: 10_700,
    emergency_level: 'normal',
    status: 'open',
    payment_status: 'held_in_escrow',
    required_skills: [],
    notify_favorites: [],
    restaurant_checkout_completed: false,
    chef_checkout_completed: false,
    chef_rating: null,
    restaurant_rating: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    restaurant_profiles: {
      user_id: id('c'),
      name: 'North Loop Kitchen',
      address: '100 Washington Ave N',
      city: 'Minneapolis',
      state: 'MN',
      logo_url: null,
      cuisine_types: [],
      average_rating: null,
      total_ratings: 0,
    },
    ...overrides,
  };
  return {
    late_cancel_from: new Date(Date.parse(job.start_time) - policy.lateCancelWindowMs).toISOString(),
    checkout_deadline: new Date(Date.parse(job.end_time) + policy.checkoutDeadlineMs).toISOString(),
    // issue 32: checkout opens at the shift's end
    checkout_opens_at: job.end_time,
    cancellation: null,
    ...job,
  };
}

/** A shift starting `fromNowMs` from now (negative: already started), `hours` long. */
export function shiftAt(fromNowMs: number, hours = 5) {
  const start = new Date(Date.now() + fromNowMs);
  return {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + hours * HOUR).toISOString(),
  };
}

/** An application as GET /applications answers it to its chef (with its job). */
export function makeApplication(
  job: { id: string } & Record<string, unknown>,
  status = 'accepted',
  workerConfirmed: boolean | null = true,
) {
  return {
    id: id('a'),
    job_id: job.id,
    chef_id: id('e'),
    status,
    worker_confirmed: workerConfirmed,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    chef_profiles: { id: id('f'), user_id: id('e'), name: 'Lucía' },
    job_postings: job,
  };
}
