import { allRoutes } from '@brigade/contracts/openapi';
import { eventually } from '@brigade/kit/testing';
import {
  apply,
  expectStatus,
  payJob,
  postJob,
  registerAccount,
  signUp,
  startStackWithOperator,
  type Operator,
  type Account,
  type PostedJob,
  type Stack,
} from './support/stack';
import { signIn } from './support/sessions';

// Every endpoint of the contracts x {anonymous, chef, other chef, restaurant, other restaurant, operator},
// through the gateway, with the answer each one must get. "chef" is the chef who applied to the restaurant's job; "other
// chef" and "other restaurant" have no part in it. A refused persona sends a valid request (so a hole would
// succeed and show); an allowed persona of a state-changing endpoint sends an invalid one (400 shows it got
// past the door without changing anything) unless the change is harmless. The table must have exactly one
// row per documented endpoint: a new endpoint without its row fails the first test.
// The operator (issue 17), signed in through the normal sign-in from OPERATOR_EMAIL/OPERATOR_PASSWORD, gets
// 403 on every member route (its row's `operator` unless said otherwise: the public routes answer it as they
// answer anyone); the console's routes are its alone (403 for the four members, 401 anonymous).

type Persona = 'anonymous' | 'chef' | 'otherChef' | 'restaurant' | 'otherRestaurant' | 'operator';
const PERSONAS: Persona[] = ['anonymous', 'otherChef', 'otherRestaurant', 'chef', 'restaurant', 'operator'];

interface Fixtures {
  chef: Account;
  otherChef: Account;
  restaurant: Account;
  otherRestaurant: Account;
  operator: Operator;
  job: PostedJob;
  spareJob: PostedJob;
  application: string;
  /** A second application of the chef, which the chef cancels in the DELETE row. */
  spareApplication: string;
  /** The restaurant's shift template, which it deletes in the DELETE row (issue 35). */
  template: string;
  /** The restaurant's direct offer of the spare job to the chef, which the chef declined (issue 35). */
  offer: string;
  /** The restaurant's weekly series three weeks out (nothing charged yet), which it stops in the DELETE row. */
  series: string;
  chefAccountId: string;
  /** A second session of each persona, which the sign-out row ends (an ended session ends everywhere). */
  spareSessions: Record<Exclude<Persona, 'anonymous'>, string>;
  /**
   * Issue 40: an account signed up last, whose verification link is under a minute old when the identity rows
   * run (first): a member asking for another link with it is refused 429, an operator 403.
   */
  freshMember: string;
}

interface Row {
  path: (f: Fixtures) => string;
  body?: (f: Fixtures, p: Persona) => unknown;
  /** The token a persona sends when it is not its account's main session. */
  token?: (f: Fixtures, p: Persona) => string | undefined;
  /** `operator` absent: 403 (a member route), or what anyone gets on a public route */
  expect: Record<Exclude<Persona, 'operator'>, number> & { operator?: number };
}

/** A calendar date `days` from today (UTC), for the series and repeat rows. */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  chef: status,
  otherChef: status,
  restaurant: status,
  otherRestaurant: status,
  operator: status,
});
/** The console's routes: the operator's alone. */
const onlyOperators = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  chef: 403,
  otherChef: 403,
  restaurant: 403,
  otherRestaurant: 403,
  operator: status,
});
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401, operator: 403 });
const onlyRestaurants = (status: number) => ({
  anonymous: 401,
  chef: 403,
  otherChef: 403,
  restaurant: status,
  otherRestaurant: status,
});
const onlyChefs = (status: number) => ({
  anonymous: 401,
  chef: status,
  otherChef: status,
  restaurant: 403,
  otherRestaurant: 403,
});

export const MATRIX: Record<string, Row> = {
  // ---------- identity ----------
  'POST /auth/signup': { path: () => '/auth/signup', body: () => ({}), expect: everyone(400) },
  'POST /auth/signin': { path: () => '/auth/signin', body: () => ({}), expect: everyone(400) },
  'POST /auth/refresh': { path: () => '/auth/refresh', body: () => ({}), expect: everyone(400) },
  'POST /auth/signout': {
    path: () => '/auth/signout',
    token: (f, p) => (p === 'anonymous' ? undefined : f.spareSessions[p]),
    expect: { ...signedIn(200), operator: 200 },
  },
  // For the signed-in account's own phone only.
  'POST /auth/verify-phone': { path: () => '/auth/verify-phone', body: () => ({}), expect: signedIn(400) },
  // Issue 40: a new link for the signed-in member (the fresh account's sign-up link is under a minute old: 429);
  // the link itself is public, and a token nobody has is 400 for anyone.
  'POST /auth/email/verify-request': {
    path: () => '/auth/email/verify-request',
    token: (f, p) => (p === 'anonymous' ? undefined : p === 'operator' ? f.operator.token : f.freshMember),
    expect: signedIn(429),
  },
  'GET /auth/email/verify': {
    path: () => `/auth/email/verify?token=${'x'.repeat(43)}`,
    expect: everyone(400),
  },
  'POST /auth/resend-code': { path: () => '/auth/resend-code', body: () => ({}), expect: signedIn(400) },
  // A way back in (issue 32): public, and an empty body is refused before anything is looked up.
  'POST /auth/password/forgot': {
    path: () => '/auth/password/forgot',
    body: () => ({}),
    expect: everyone(400),
  },
  'POST /auth/password/reset': {
    path: () => '/auth/password/reset',
    body: () => ({}),
    expect: everyone(400),
  },
  // issue 33: with the current password, as sign-in
  'POST /auth/password/change': {
    path: () => '/auth/password/change',
    body: () => ({}),
    expect: everyone(400),
  },
  'POST /auth/totp/enrol': {
    path: () => '/auth/totp/enrol',
    body: () => ({}),
    expect: everyone(400),
  },
  'GET /auth/jwks.json': { path: () => '/auth/jwks.json', expect: everyone(200) },
  // Any account's own: an operator reads its account (profile null) and sets its language.
  'GET /profiles/me': { path: () => '/profiles/me', expect: { ...signedIn(200), operator: 200 } },
  'PATCH /profiles/me': {
    path: () => '/profiles/me',
    body: () => ({ language_preference: 'en' }),
    expect: { ...signedIn(200), operator: 200 },
  },
  'POST /profiles/restaurant': {
    path: () => '/profiles/restaurant',
    body: () => ({ description: 'Diner' }),
    expect: onlyRestaurants(200),
  },
  'POST /profiles/chef': {
    path: () => '/profiles/chef',
    body: () => ({ bio: 'Grill and prep' }),
    expect: onlyChefs(200),
  },
  'GET /profiles/chefs': { path: () => '/profiles/chefs', expect: signedIn(200) },
  'GET /profiles/chef/{id}': { path: (f) => `/profiles/chef/${f.chef.profileId}`, expect: signedIn(200) },
  'GET /profiles/restaurant/{id}': {
    path: (f) => `/profiles/restaurant/${f.restaurant.profileId}`,
    expect: signedIn(200),
  },
  // Only one's own profile: a chef has no restaurant profile.
  'GET /profiles/{user_type}': {
    path: () => '/profiles/restaurant',
    expect: { anonymous: 401, chef: 404, otherChef: 404, restaurant: 200, otherRestaurant: 200 },
  },
  // A chef accepts worker_tos; a restaurant cannot accept it.
  'POST /agreements/accept': {
    path: () => '/agreements/accept',
    body: () => ({ agreementType: 'worker_tos', version: '1.0' }),
    expect: { anonymous: 401, chef: 201, otherChef: 201, restaurant: 400, otherRestaurant: 400 },
  },
  'GET /uploads/{file}': {
    path: () => '/uploads/00000000-0000-4000-8000-000000000000.png',
    expect: everyone(404),
  },

  // ---------- jobs ----------
  'GET /jobs': { path: () => '/jobs', expect: signedIn(200) },
  'POST /jobs': { path: () => '/jobs', body: () => ({}), expect: onlyRestaurants(400) },
  // An open job is visible to every chef; another restaurant's job is not.
  'GET /jobs/{id}': {
    path: (f) => `/jobs/${f.job.id}`,
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 200, otherRestaurant: 404 },
  },
  'PUT /jobs/{id}': {
    path: (f) => `/jobs/${f.job.id}`,
    body: (f, p) => ({ status: p === 'restaurant' ? 'open' : 'cancelled' }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  // The owner's quote (read only); nobody else's.
  'GET /jobs/{id}/cancellation': {
    path: (f) => `/jobs/${f.job.id}/cancellation`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  // The owner sends a reason too long (400, nothing cancelled); the others a valid request.
  'POST /jobs/{id}/cancel': {
    path: (f) => `/jobs/${f.job.id}/cancel`,
    body: (f, p) => ({ reason: p === 'restaurant' ? 'x'.repeat(501) : 'no' }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  // The chef already applied (409); any other chef may apply (201). (The spare job, so that the other chef
  // stays a stranger to the main job's thread below.)
  'POST /jobs/{id}/apply': {
    path: (f) => `/jobs/${f.spareJob.id}/apply`,
    expect: { anonymous: 401, chef: 409, otherChef: 201, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /applications': {
    path: (f) => `/applications?jobId=${f.job.id}`,
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 200, otherRestaurant: 403 },
  },
  'GET /applications/{id}': {
    path: (f) => `/applications/${f.application}`,
    expect: { anonymous: 401, chef: 200, otherChef: 404, restaurant: 200, otherRestaurant: 404 },
  },
  'PATCH /applications/{id}': {
    path: (f) => `/applications/${f.application}`,
    body: (f, p) => ({ status: p === 'restaurant' ? 'maybe' : 'rejected' }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'DELETE /applications/{id}': {
    path: (f) => `/applications/${f.spareApplication}`,
    expect: { anonymous: 401, chef: 200, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  // Pending, so the chef's confirmation is a state conflict (409) after the door.
  'POST /applications/{id}/confirm': {
    path: (f) => `/applications/${f.application}/confirm`,
    body: () => ({ confirmed: true }),
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /applications/{applicationId}/checkout': {
    path: (f) => `/applications/${f.application}/checkout`,
    body: () => ({ workCompleted: false, feedback: null }),
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 409, otherRestaurant: 404 },
  },
  // The time clock (issue 34), on a pending application: the chef's and the restaurant's actions get past the
  // door to a 400 (an invalid body) or a 409 (only a confirmed seat has a clock); the other side's are 403, a
  // stranger's 404.
  'POST /applications/{applicationId}/clock-in': {
    path: (f) => `/applications/${f.application}/clock-in`,
    body: (f, p) => (p === 'chef' ? {} : { code: '1234' }),
    expect: { anonymous: 401, chef: 400, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /applications/{applicationId}/clock-out': {
    path: (f) => `/applications/${f.application}/clock-out`,
    body: (f, p) => (p === 'chef' ? { break_minutes: 500 } : {}),
    expect: { anonymous: 401, chef: 400, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /applications/{applicationId}/running-late': {
    path: (f) => `/applications/${f.application}/running-late`,
    body: (f, p) => ({ minutes: p === 'chef' ? 0 : 5 }),
    expect: { anonymous: 401, chef: 400, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /applications/{applicationId}/timesheet': {
    path: (f) => `/applications/${f.application}/timesheet`,
    // operators read any timesheet (issue 34's table); they change none outside /ops
    expect: {
      anonymous: 401,
      chef: 200,
      otherChef: 404,
      restaurant: 200,
      otherRestaurant: 404,
      operator: 200,
    },
  },
  'GET /applications/{applicationId}/timesheet/quote': {
    path: (f) => `/applications/${f.application}/timesheet/quote`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/timesheet/approve': {
    path: (f) => `/applications/${f.application}/timesheet/approve`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 409, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/timesheet/adjust': {
    path: (f) => `/applications/${f.application}/timesheet/adjust`,
    body: (f, p) =>
      p === 'restaurant'
        ? {}
        : {
            clock_in_at: f.job.start.toISOString(),
            clock_out_at: f.job.end.toISOString(),
            break_minutes: 0,
            reason: 'Left early',
          },
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/timesheet/accept': {
    path: (f) => `/applications/${f.application}/timesheet/accept`,
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /applications/{applicationId}/timesheet/dispute': {
    path: (f) => `/applications/${f.application}/timesheet/dispute`,
    body: (f, p) => (p === 'chef' ? {} : { statement: 'I worked it' }),
    expect: { anonymous: 401, chef: 400, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /applications/{applicationId}/send-home': {
    path: (f) => `/applications/${f.application}/send-home`,
    body: (f, p) => (p === 'restaurant' ? { reason: 'x'.repeat(501) } : {}),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/no-show': {
    path: (f) => `/applications/${f.application}/no-show`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 409, otherRestaurant: 404 },
  },
  'GET /favorites': { path: () => '/favorites', expect: onlyRestaurants(200) },
  'POST /favorites/chef/{id}': {
    path: (f) => `/favorites/chef/${f.chef.profileId}`,
    expect: onlyRestaurants(201),
  },
  'DELETE /favorites/chef/{id}': {
    path: (f) => `/favorites/chef/${f.chef.profileId}`,
    expect: onlyRestaurants(200),
  },
  'DELETE /favorites/worker/{id}': {
    path: (f) => `/favorites/worker/${f.chef.profileId}`,
    expect: onlyRestaurants(200),
  },
  'GET /favorites/chef/{id}/status': {
    path: (f) => `/favorites/chef/${f.chef.profileId}/status`,
    expect: onlyRestaurants(200),
  },
  // Inviting texts a chef: the restaurants send an invalid chef id (400: past the door, nobody texted).
  'POST /invitations': {
    path: () => '/invitations',
    body: (f, p) => ({ chef_id: p === 'restaurant' || p === 'otherRestaurant' ? 'nope' : f.chef.profileId }),
    expect: onlyRestaurants(400),
  },

  // Shift templates (issue 35): a restaurant's own. An empty body is refused past the door; another restaurant's
  // template is a 404 (it never learns of it), the owner deletes its own.
  'GET /shift-templates': { path: () => '/shift-templates', expect: onlyRestaurants(200) },
  'POST /shift-templates': { path: () => '/shift-templates', body: () => ({}), expect: onlyRestaurants(400) },
  'DELETE /shift-templates/{id}': {
    path: (f) => `/shift-templates/${f.template}`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },

  // Direct offers (issue 35). Offering: an empty body is refused past the door. The job's offers are its owner's
  // (another restaurant never learns of them). The chef's offer was declined: answering again is the state
  // conflict (409) for its chef, another chef never learns of it (404).
  'POST /jobs/{id}/offers': {
    path: (f) => `/jobs/${f.spareJob.id}/offers`,
    body: () => ({}),
    expect: onlyRestaurants(400),
  },
  'GET /jobs/{id}/offers': {
    path: (f) => `/jobs/${f.spareJob.id}/offers`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  'GET /offers': { path: () => '/offers', expect: onlyChefs(200) },
  'POST /offers/{id}/accept': {
    path: (f) => `/offers/${f.offer}/accept`,
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /offers/{id}/decline': {
    path: (f) => `/offers/${f.offer}/decline`,
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },

  // Reconfirmation and standby (issue 37). The job starts in 24 h, inside RECONFIRM_OPENS, and the chef's
  // application is pending: no reconfirmation is due (409 past the door); another chef's is 404. Any chef not
  // booked on the open job may wait on its standby list (a harmless change); leaving is answered the same.
  'POST /applications/{id}/reconfirm': {
    path: (f) => `/applications/${f.application}/reconfirm`,
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /jobs/{id}/standby': {
    path: (f) => `/jobs/${f.job.id}/standby`,
    expect: { anonymous: 401, chef: 201, otherChef: 201, restaurant: 403, otherRestaurant: 403 },
  },
  'DELETE /jobs/{id}/standby': {
    path: (f) => `/jobs/${f.job.id}/standby`,
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 403, otherRestaurant: 403 },
  },

  // Edits, repeats and series (issue 35). The job starts within LATE_CANCEL_WINDOW (24 h), so its owner's valid
  // quote is the state conflict (409, JOBS.EDIT_TOO_LATE) past the door, and an empty edit a 400; the chef who
  // applied has no edit to answer (409); another restaurant never learns of the job or the series (404).
  'PATCH /jobs/{id}': {
    path: (f) => `/jobs/${f.job.id}`,
    body: (f, p) => (p === 'restaurant' ? {} : { description: 'Bring knives' }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'GET /jobs/{id}/edit-quote': {
    path: (f) => `/jobs/${f.job.id}/edit-quote?hourlyRate=30`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 409, otherRestaurant: 404 },
  },
  // Book now and boosts (issue 37). The spare job is not instant-book: every chef is told so (409) past the door,
  // nothing booked. The main job is open with a free seat: its owner's quote answers; its owner's boost without a
  // rate is a 400; another restaurant never learns of the job (404).
  'POST /jobs/{id}/book': {
    path: (f) => `/jobs/${f.spareJob.id}/book`,
    expect: { anonymous: 401, chef: 409, otherChef: 409, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /jobs/{id}/boost-quote': {
    path: (f) => `/jobs/${f.job.id}/boost-quote?hourly_rate=30`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  'POST /jobs/{id}/boost': {
    path: (f) => `/jobs/${f.job.id}/boost`,
    body: (f, p) => (p === 'restaurant' ? {} : { hourly_rate: 30 }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'POST /applications/{id}/edit-answer': {
    path: (f) => `/applications/${f.application}/edit-answer`,
    body: () => ({ accept: true }),
    expect: { anonymous: 401, chef: 409, otherChef: 404, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /jobs/{id}/repeat': {
    path: (f) => `/jobs/${f.job.id}/repeat`,
    body: (f, p) => (p === 'restaurant' ? {} : { dates: [dateIn(21)] }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  'POST /jobs/series': { path: () => '/jobs/series', body: () => ({}), expect: onlyRestaurants(400) },
  'GET /jobs/series': { path: () => '/jobs/series', expect: onlyRestaurants(200) },
  'GET /jobs/series/{id}': {
    path: (f) => `/jobs/series/${f.series}`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  'PATCH /jobs/series/{id}': {
    path: (f) => `/jobs/series/${f.series}`,
    body: (f, p) => (p === 'restaurant' ? {} : { hourlyRate: 26 }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  // The owner stops its series (posted occurrences stay); another restaurant never learns of it.
  'DELETE /jobs/series/{id}': {
    path: (f) => `/jobs/series/${f.series}`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },

  // A statement on a job that is not disputed: its restaurant gets the state conflict (409) after the door; the
  // chef who only applied is not a party (403); another chef or restaurant never learns of it (404); an operator
  // is not a party (403, a member route).
  'POST /jobs/{id}/dispute': {
    path: (f) => `/jobs/${f.job.id}/dispute`,
    body: () => ({ statement: 'I was there all shift.' }),
    expect: { anonymous: 401, chef: 403, otherChef: 404, restaurant: 409, otherRestaurant: 404 },
  },

  // ---------- calendar (issue 20, answered by jobs) ----------
  // The job is open with the chef's application pending: its restaurant has nothing confirmed to add (409),
  // the chef who only applied is not its chef (403), nobody else learns of it (404).
  'GET /jobs/{id}/calendar.ics': {
    path: (f) => `/jobs/${f.job.id}/calendar.ics`,
    expect: { anonymous: 401, chef: 403, otherChef: 404, restaurant: 409, otherRestaurant: 404 },
  },
  'GET /calendar/feed': { path: () => '/calendar/feed', expect: signedIn(200) },
  'POST /calendar/feed/reset': { path: () => '/calendar/feed/reset', expect: signedIn(200) },
  // No session at all (calendar apps): a token nobody has is 404 for anyone, whatever else they send.
  'GET /calendar/{token}.ics': {
    path: () => `/calendar/${'x'.repeat(43)}.ics`,
    expect: everyone(404),
  },

  // ---------- payments ----------
  // The job is already paid: its owner gets a conflict, anyone else never learns about it.
  'POST /payments/create-escrow-payment': {
    path: () => '/payments/create-escrow-payment',
    body: (f) => ({ job_id: f.job.id }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 409, otherRestaurant: 404 },
  },
  // A restaurant's saved card: restaurants only, each its own (a forged SetupIntent id is refused as malformed
  // here; payments' own tests refuse another restaurant's real one with 404).
  'GET /payments/saved-card': {
    path: () => '/payments/saved-card',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  'POST /payments/saved-card/setup': {
    path: () => '/payments/saved-card/setup',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  'POST /payments/saved-card/confirm': {
    path: () => '/payments/saved-card/confirm',
    body: (_f, p) => ({
      setup_intent_id: p === 'restaurant' || p === 'otherRestaurant' ? 'nope' : 'seti_1x',
    }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 400 },
  },
  'DELETE /payments/saved-card': {
    path: () => '/payments/saved-card',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  'POST /payments/create-payment-intent': {
    path: () => '/payments/create-payment-intent',
    body: (f) => ({ job_id: f.job.id }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 409, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/confirm-payment': {
    path: (f) => `/applications/${f.application}/confirm-payment`,
    body: () => ({ paymentMethodId: 'pm_card_visa' }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  // The escrow of a job: its restaurant, or the chef who worked it (not a mere applicant).
  'GET /payments/job/{jobId}': {
    path: (f) => `/payments/job/${f.job.id}`,
    expect: { anonymous: 401, chef: 404, otherChef: 404, restaurant: 200, otherRestaurant: 404 },
  },
  // A chef's earnings and a restaurant's receipts: each only to its own kind of account (its own rows).
  'GET /payments/earnings': {
    path: () => '/payments/earnings',
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 403, otherRestaurant: 403 },
  },
  // Issue 38: a chef's instant payout, each chef their own (a restaurant has none); an amount of 0 is refused.
  'GET /payments/payouts/instant/quote': {
    path: () => '/payments/payouts/instant/quote',
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 403, otherRestaurant: 403 },
  },
  'POST /payments/payouts/instant': {
    path: () => '/payments/payouts/instant',
    body: (_f, p) => ({ amount_cents: p === 'chef' || p === 'otherChef' ? 0 : 100 }),
    expect: { anonymous: 401, chef: 400, otherChef: 400, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /payments/payouts/instant': {
    path: () => '/payments/payouts/instant',
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /payments/receipts': {
    path: () => '/payments/receipts',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  // Issue 38, statements: a chef's tax year and a restaurant's weekly statement, each its own kind's (own rows).
  'GET /payments/earnings/tax-year': {
    path: () => '/payments/earnings/tax-year?year=2026',
    expect: { anonymous: 401, chef: 200, otherChef: 200, restaurant: 403, otherRestaurant: 403 },
  },
  'GET /payments/statements': {
    path: () => '/payments/statements?week=2026-W48',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  // Issue 34: what a restaurant owes for extra hours (its own only); paying one nobody owes is 404 to everyone.
  'GET /payments/balances': {
    path: () => '/payments/balances',
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 200 },
  },
  'POST /payments/balances/{applicationId}/pay': {
    path: (f) => `/payments/balances/${f.application}/pay`,
    body: () => ({}),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 404, otherRestaurant: 404 },
  },
  // Issue 38 (tips): only the restaurant of the application's job (another restaurant: 404, as if none). The
  // shift is not worked: the restaurant reads the quote (refusal TIP_NOT_WORKED) and its invalid tip is a 400.
  'GET /applications/{applicationId}/tip': {
    path: (f) => `/applications/${f.application}/tip`,
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 200, otherRestaurant: 404 },
  },
  'POST /applications/{applicationId}/tip': {
    path: (f) => `/applications/${f.application}/tip`,
    body: (_f, p) => ({ amount_cents: p === 'restaurant' ? 0 : 100 }),
    expect: { anonymous: 401, chef: 403, otherChef: 403, restaurant: 400, otherRestaurant: 404 },
  },
  // Issue 39 (reviews): any member reads a profile's published reviews (none here: nothing was worked). Nobody
  // has a review to reply to: a valid reply is a 404 to every member, as if the review were not there (a review
  // the reader may not see reads the same). The console's list is the operator's; its invalid hiding is a 400.
  'GET /profiles/chef/{id}/reviews': {
    path: (f) => `/profiles/chef/${f.chef.profileId}/reviews`,
    expect: signedIn(200),
  },
  'GET /profiles/restaurant/{id}/reviews': {
    path: (f) => `/profiles/restaurant/${f.restaurant.profileId}/reviews`,
    expect: signedIn(200),
  },
  'POST /reviews/{id}/reply': {
    path: () => '/reviews/00000000-0000-4000-8000-000000000039/reply',
    body: () => ({ text: 'Thank you!' }),
    expect: signedIn(404),
  },
  'GET /ops/reviews': { path: (f) => `/ops/reviews?user_id=${f.chef.id}`, expect: onlyOperators(200) },
  'POST /ops/reviews/{id}/hide': {
    path: () => '/ops/reviews/00000000-0000-4000-8000-000000000039/hide',
    body: (_f, p) => (p === 'operator' ? {} : { reason: 'Breaks the rules' }),
    expect: onlyOperators(400),
  },
  'GET /payments/connect/account-status': {
    path: () => '/payments/connect/account-status',
    expect: signedIn(200),
  },
  'POST /payments/connect/create-account': {
    path: () => '/payments/connect/create-account',
    expect: signedIn(200),
  },
  // An onboarding link for someone else's payout account is refused.
  'POST /payments/connect/onboarding-link': {
    path: () => '/payments/connect/onboarding-link',
    body: (f) => ({ account_id: f.chefAccountId }),
    expect: { anonymous: 401, chef: 200, otherChef: 404, restaurant: 404, otherRestaurant: 404 },
  },
  'GET /payments/config': { path: () => '/payments/config', expect: everyone(200) },
  'POST /payments/webhooks/stripe': {
    path: () => '/payments/webhooks/stripe',
    body: () => ({ id: 'evt_x', type: 'payment_intent.succeeded' }),
    expect: everyone(400),
  },

  // ---------- messaging ----------
  // Which translator is active: every signed-in account, the operator too (its console shows statements).
  'GET /messages/translation': {
    path: () => '/messages/translation',
    expect: { ...signedIn(200), operator: 200 },
  },
  'GET /messages/conversations': { path: () => '/messages/conversations', expect: signedIn(200) },
  'GET /messages/job/{jobId}': {
    path: (f) => `/messages/job/${f.job.id}?chef_id=${f.chef.id}`,
    expect: { anonymous: 401, chef: 200, otherChef: 404, restaurant: 200, otherRestaurant: 404 },
  },
  'POST /messages/job/{jobId}': {
    path: (f) => `/messages/job/${f.job.id}`,
    body: (f, p) =>
      p === 'chef' || p === 'otherChef' ? { content: 'hello' } : { content: 'hello', chef_id: f.chef.id },
    expect: { anonymous: 401, chef: 201, otherChef: 404, restaurant: 201, otherRestaurant: 404 },
  },
  'GET /messages/application/{id}': {
    path: (f) => `/messages/application/${f.application}`,
    expect: { anonymous: 401, chef: 200, otherChef: 404, restaurant: 200, otherRestaurant: 404 },
  },
  'POST /messages/application/{id}': {
    path: (f) => `/messages/application/${f.application}`,
    body: () => ({ message: 'hello' }),
    expect: { anonymous: 401, chef: 201, otherChef: 404, restaurant: 201, otherRestaurant: 404 },
  },

  // ---------- notifications ----------
  'GET /notifications/preferences': { path: () => '/notifications/preferences', expect: signedIn(200) },
  'PUT /notifications/preferences': {
    path: () => '/notifications/preferences',
    body: () => ({ job_reminders: true }),
    expect: signedIn(200),
  },
  // Issue 40: the inbox is one's own; an entry that is not one's own (here: none) is a 404 to everyone.
  'GET /notifications': { path: () => '/notifications', expect: signedIn(200) },
  'GET /notifications/unread-count': { path: () => '/notifications/unread-count', expect: signedIn(200) },
  'POST /notifications/{id}/read': {
    path: () => '/notifications/00000000-0000-4000-8000-000000000000/read',
    expect: signedIn(404),
  },
  'POST /notifications/read-all': { path: () => '/notifications/read-all', expect: signedIn(200) },
  'GET /dev/sms': { path: () => '/dev/sms', expect: everyone(200) },
  // Issue 40: a text to Brigade through the SMS sandbox (a number nobody has: answered, nothing changed).
  'POST /dev/sms/inbound': {
    path: () => '/dev/sms/inbound',
    body: () => ({ from: '+16125550142', body: 'hello' }),
    expect: everyone(200),
  },
  // Twilio's webhooks: public, and refused without Twilio's signature (nothing stored).
  'POST /notifications/twilio/inbound': {
    path: () => '/notifications/twilio/inbound',
    body: () => ({ MessageSid: 'SMx', From: '+16125550142', Body: 'STOP' }),
    expect: everyone(403),
  },
  'POST /notifications/twilio/status': {
    path: () => '/notifications/twilio/status',
    body: () => ({ MessageSid: 'SMx', MessageStatus: 'failed' }),
    expect: everyone(403),
  },
  'GET /dev/mail': { path: () => '/dev/mail', expect: everyone(200) },
  // Issue 40: Web Push. The key and one's own subscriptions; the same endpoint from each persona moves to them
  // (one browser, another person); deleting an endpoint nobody has is a 404 to everyone signed in.
  'GET /notifications/push/key': { path: () => '/notifications/push/key', expect: signedIn(200) },
  'POST /notifications/push/subscriptions': {
    path: () => '/notifications/push/subscriptions',
    body: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/authorization-matrix',
      expirationTime: null,
      keys: {
        p256dh: 'BOYputArwmyDvyYxh1z7kIvlIx6Byn46wR9_X_3kBQTZd8W6vhjkscAiC44iOqF9qFv_GN--KIsblHqVuBgOkks',
        auth: '9acesUZhuL9jICLSTm2VyA',
      },
    }),
    expect: signedIn(201),
  },
  'DELETE /notifications/push/subscriptions': {
    path: () => '/notifications/push/subscriptions',
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/nobody-has-this' }),
    expect: signedIn(404),
  },
  'GET /dev/push': { path: () => '/dev/push', expect: everyone(200) },
  // Issue 40: an email's unsubscribe link is public (a mail client's one-click POST has no session); a token
  // that is not one of ours is a 400 to everyone, and changes nothing.
  'GET /notifications/unsubscribe': {
    path: () => '/notifications/unsubscribe?token=not-one-of-ours',
    expect: everyone(400),
  },
  'POST /notifications/unsubscribe': {
    path: () => '/notifications/unsubscribe?token=not-one-of-ours',
    expect: everyone(400),
  },

  // ---------- the operator console (issue 17) ----------
  // A state-changing route gets an invalid body from the operator (400: past the door, nothing changed) and a
  // valid one from everyone else (so a hole would show).
  'GET /ops/disputes': { path: () => '/ops/disputes', expect: onlyOperators(200) },
  // The job is not disputed: the operator is told so (404), nobody else gets past the door.
  'GET /ops/disputes/{jobId}': { path: (f) => `/ops/disputes/${f.job.id}`, expect: onlyOperators(404) },
  'POST /ops/disputes/{jobId}/resolve': {
    path: (f) => `/ops/disputes/${f.job.id}/resolve`,
    body: (_f, p) =>
      p === 'operator' ? { chef_pay_cents: -1, note: 'x' } : { chef_pay_cents: 0, note: 'x' },
    expect: onlyOperators(400),
  },
  'GET /ops/jobs/{jobId}/timeline': {
    path: (f) => `/ops/jobs/${f.job.id}/timeline`,
    expect: onlyOperators(200),
  },
  // Issue 38 (card dispute evidence): each service's part of the job, merged at the gateway.
  'GET /ops/jobs/{jobId}/evidence': {
    path: (f) => `/ops/jobs/${f.job.id}/evidence?restaurant_id=${f.restaurant.id}`,
    expect: onlyOperators(200),
  },
  'GET /ops/jobs/{jobId}/messages': {
    path: (f) => `/ops/jobs/${f.job.id}/messages`,
    expect: onlyOperators(200),
  },
  'GET /ops/jobs/{jobId}/ledger': { path: (f) => `/ops/jobs/${f.job.id}/ledger`, expect: onlyOperators(200) },
  'GET /ops/users': {
    path: (f) => `/ops/users?q=${encodeURIComponent(f.chef.email)}`,
    expect: onlyOperators(200),
  },
  'GET /ops/users/{userId}': { path: (f) => `/ops/users/${f.chef.id}`, expect: onlyOperators(200) },
  'POST /ops/users/{userId}/suspend': {
    path: (f) => `/ops/users/${f.otherChef.id}/suspend`,
    body: (_f, p) => ({ reason: p === 'operator' ? ' ' : 'Matrix' }),
    expect: onlyOperators(400),
  },
  'POST /ops/users/{userId}/reinstate': {
    path: (f) => `/ops/users/${f.otherChef.id}/reinstate`,
    body: (_f, p) => ({ reason: p === 'operator' ? 'x'.repeat(1001) : 'Matrix' }),
    expect: onlyOperators(400),
  },
  // Operators (issue 33): the operator of OPERATOR_EMAIL is an admin; never removes itself (409).
  'GET /ops/operators': { path: () => '/ops/operators', expect: onlyOperators(200) },
  'POST /ops/operators': {
    path: () => '/ops/operators',
    body: (_f, p) => ({ email: p === 'operator' ? 'not an email' : 'matrix.new.ops@brigade.test' }),
    expect: onlyOperators(400),
  },
  'DELETE /ops/operators/{operatorId}': {
    path: (f) => `/ops/operators/${f.operator.id}`,
    expect: onlyOperators(409),
  },
  'GET /ops/dead-letters': { path: () => '/ops/dead-letters', expect: onlyOperators(200) },
  'POST /ops/dead-letters/redrive': {
    path: () => '/ops/dead-letters/redrive',
    body: (_f, p) => ({ queue: p === 'operator' ? 'Not a queue' : 'jobs.on-escrow-held' }),
    expect: onlyOperators(400),
  },
  'GET /ops/anomalies': { path: () => '/ops/anomalies', expect: onlyOperators(200) },
  'GET /ops/balances': { path: () => '/ops/balances', expect: onlyOperators(200) },
  // Issue 38: card disputes. No dispute has this id: past the door it is 404 (settle, read) or 400 (a body the
  // console never sends), nothing sent to the provider.
  'GET /payments/card-disputes': { path: () => '/payments/card-disputes', expect: onlyRestaurants(200) },
  'POST /payments/card-disputes/{disputeId}/settle': {
    path: () => '/payments/card-disputes/dp_matrix_none/settle',
    body: () => ({}),
    expect: onlyRestaurants(404),
  },
  'GET /ops/card-disputes': { path: () => '/ops/card-disputes', expect: onlyOperators(200) },
  'GET /ops/card-disputes/{disputeId}': {
    path: () => '/ops/card-disputes/dp_matrix_none',
    expect: onlyOperators(404),
  },
  'POST /ops/card-disputes/{disputeId}/submit': {
    path: () => '/ops/card-disputes/dp_matrix_none/submit',
    body: (_f, p) => ({ evidence: p === 'operator' ? 'not sections' : {} }),
    expect: onlyOperators(400),
  },
  'POST /ops/card-disputes/{disputeId}/accept': {
    path: () => '/ops/card-disputes/dp_matrix_none/accept',
    body: () => ({}),
    expect: onlyOperators(400),
  },
  'GET /ops/audit': { path: (f) => `/ops/audit?job_id=${f.job.id}`, expect: onlyOperators(200) },
  // Issue 39: appeals. Each member reads its own marks; an appeal past the door is a 400 (no body), and a
  // refused persona names a mark nobody has. The console's queue and decisions are the operator's alone (past
  // the door a decision without a body is 400, nothing decided).
  'GET /reliability/me': { path: () => '/reliability/me', expect: signedIn(200) },
  'POST /reliability/appeals': {
    path: () => '/reliability/appeals',
    body: (_f, p) =>
      p === 'anonymous' || p === 'operator'
        ? { mark_id: '00000000-0000-4000-8000-000000000039', statement: 'I was there.' }
        : {},
    expect: signedIn(400),
  },
  'GET /ops/appeals': { path: () => '/ops/appeals', expect: onlyOperators(200) },
  'POST /ops/appeals/{id}/decide': {
    path: () => '/ops/appeals/00000000-0000-4000-8000-000000000039/decide',
    body: (_f, p) => (p === 'operator' ? {} : { outcome: 'remove', note: 'Removed by a stranger' }),
    expect: onlyOperators(400),
  },
  // Issue 39: credentials. A chef's own (a form without its fields: 400, nothing stored); a file only through a
  // signed URL (not one: 404 for anyone); the queue and the decisions the operator's alone (an unknown id 404, a
  // missing reason 400).
  'POST /credentials': { path: () => '/credentials', body: () => ({}), expect: onlyChefs(400) },
  'GET /credentials': { path: () => '/credentials', expect: onlyChefs(200) },
  'GET /credential-files/{fileToken}': {
    path: () => '/credential-files/not-a-signed-token',
    expect: everyone(404),
  },
  'GET /ops/credentials': { path: () => '/ops/credentials?status=pending', expect: onlyOperators(200) },
  'POST /ops/credentials/{id}/verify': {
    path: () => '/ops/credentials/00000000-0000-4000-8000-000000000039/verify',
    expect: onlyOperators(404),
  },
  'POST /ops/credentials/{id}/reject': {
    path: () => '/ops/credentials/00000000-0000-4000-8000-000000000039/reject',
    body: () => ({}),
    expect: onlyOperators(400),
  },
  'POST /ops/credentials/{id}/revoke': {
    path: () => '/ops/credentials/00000000-0000-4000-8000-000000000039/revoke',
    body: () => ({}),
    expect: onlyOperators(400),
  },
  // issue 37: who sees a shift. Blocks name an unknown id: past the door (404), nothing changed (a real block
  // would withdraw the fixtures' applications and hide the shifts the rows below use).
  'GET /jobs/offered-first': { path: () => '/jobs/offered-first', expect: onlyChefs(200) },
  'GET /blocks': { path: () => '/blocks', expect: signedIn(200) },
  'POST /blocks/chef/{id}': {
    path: () => '/blocks/chef/00000000-0000-4000-8000-000000000037',
    expect: onlyRestaurants(404),
  },
  'DELETE /blocks/chef/{id}': {
    path: () => '/blocks/chef/00000000-0000-4000-8000-000000000037',
    expect: onlyRestaurants(404),
  },
  'POST /blocks/restaurant/{id}': {
    path: () => '/blocks/restaurant/00000000-0000-4000-8000-000000000037',
    expect: onlyChefs(404),
  },
  'DELETE /blocks/restaurant/{id}': {
    path: () => '/blocks/restaurant/00000000-0000-4000-8000-000000000037',
    expect: onlyChefs(404),
  },
};

const routeKey = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

let stack: Stack;
let f: Fixtures;

beforeAll(async () => {
  let operator: Operator;
  ({ stack, operator } = await startStackWithOperator());
  const [chef, otherChef, restaurant, otherRestaurant] = await Promise.all([
    signUp(stack, 'chef'),
    signUp(stack, 'chef'),
    signUp(stack, 'restaurant'),
    signUp(stack, 'restaurant'),
  ]);
  const job = await postJob(stack, restaurant);
  const spareJob = await postJob(stack, restaurant);
  await payJob(stack, restaurant, job);
  await payJob(stack, restaurant, spareJob);
  const application = await apply(stack, chef, job);
  const spareApplication = await apply(stack, chef, spareJob);
  const chefAccountId = expectStatus(
    await stack.call('POST', '/api/payments/connect/create-account', { token: chef.token }),
    200,
  ).body.account_id;
  // The thread exists once messaging has heard of the application; payments once it knows the application.
  await eventually(async () =>
    expectStatus(
      await stack.call('GET', `/api/messages/application/${application}`, { token: chef.token }),
      200,
    ),
  );
  const template = expectStatus(
    await stack.call('POST', '/api/shift-templates', {
      token: restaurant.token,
      body: { name: 'Matrix', title: 'Line Cook', startTime: '17:00', endTime: '23:00', hourlyRate: 25 },
    }),
    201,
  ).body.template.id;
  const offer = expectStatus(
    await stack.call('POST', `/api/jobs/${spareJob.id}/offers`, {
      token: restaurant.token,
      body: { chef_id: chef.id },
    }),
    201,
  ).body.offer.id;
  expectStatus(await stack.call('POST', `/api/offers/${offer}/decline`, { token: chef.token }), 200);
  const series = expectStatus(
    await stack.call('POST', '/api/jobs/series', {
      token: restaurant.token,
      body: { templateId: template, weekdays: ['mon'], from: dateIn(21), until: dateIn(35) },
    }),
    201,
  ).body.series.id;
  const accounts = { chef, otherChef, restaurant, otherRestaurant, operator };
  const spareSessions = Object.fromEntries(
    await Promise.all(
      Object.entries(accounts).map(async ([p, a]) => [p, (await signIn(stack, a as Account)).access_token]),
    ),
  ) as Fixtures['spareSessions'];
  const freshMember = (await registerAccount(stack, 'chef')).token;
  f = {
    spareSessions,
    freshMember,
    chef,
    otherChef,
    restaurant,
    otherRestaurant,
    operator,
    job,
    spareJob,
    application,
    spareApplication,
    template,
    offer,
    series,
    chefAccountId,
  };
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

test('the matrix has exactly one row per documented endpoint (a new endpoint needs its row)', () => {
  const documented = allRoutes().map(routeKey).sort();
  expect(Object.keys(MATRIX).sort()).toEqual(documented);
  expect(new Set(documented).size).toBe(documented.length);
});

test('every endpoint answers each of the six personas as the table says, through the gateway', async () => {
  const mismatches: string[] = [];
  let cells = 0;
  for (const route of allRoutes()) {
    const key = routeKey(route);
    const row = MATRIX[key];
    if (!row) continue;
    for (const persona of PERSONAS) {
      const account = persona === 'anonymous' ? undefined : f[persona];
      const body = row.body?.(f, persona);
      const reply = await stack.call(route.method.toUpperCase(), `/api${row.path(f)}`, {
        token: row.token ? row.token(f, persona) : account?.token,
        body,
      });
      cells++;
      const expected =
        row.expect[persona as Exclude<Persona, 'operator'>] ??
        (route.auth === 'public' ? row.expect.anonymous : 403);
      const errorShape =
        reply.status < 400 || (typeof reply.body?.error === 'string' && typeof reply.body?.code === 'string');
      if (reply.status !== expected || !errorShape) {
        mismatches.push(
          `${key} as ${persona}: expected ${expected}, got ${reply.status} ${reply.text.slice(0, 160)}`,
        );
      }
    }
  }
  expect(mismatches).toEqual([]);
  expect(cells).toBe(allRoutes().length * PERSONAS.length);
});

test("lists never show one user's objects to another", async () => {
  const ids = (list: any[]) => list.map((x) => x.id ?? x.job_id);
  const otherJobs = await stack.call('GET', '/api/jobs?status=all', { token: f.otherRestaurant.token });
  expect(ids(otherJobs.body.jobs)).not.toContain(f.job.id);
  const otherApps = await stack.call('GET', '/api/applications', { token: f.otherRestaurant.token });
  expect(ids(otherApps.body.applications)).not.toContain(f.application);
  const chefApps = await stack.call('GET', '/api/applications', { token: f.otherChef.token });
  expect(ids(chefApps.body.applications)).not.toContain(f.application);
  // A chef naming another chef's thread never gets it.
  const named = await stack.call('GET', `/api/messages/job/${f.spareJob.id}?chef_id=${f.chef.id}`, {
    token: f.otherChef.token,
  });
  expect(named.status).toBe(200);
  expect(named.body.chef_id).toBe(f.otherChef.id);
  for (const who of [f.otherChef, f.otherRestaurant]) {
    const conversations = await stack.call('GET', '/api/messages/conversations', { token: who.token });
    expect(conversations.body.conversations.map((c: any) => `${c.job_id}:${c.chef_id}`)).not.toContain(
      `${f.job.id}:${f.chef.id}`,
    );
  }
  const otherOffers = await stack.call('GET', '/api/offers', { token: f.otherChef.token });
  expect(ids(otherOffers.body.offers)).toEqual([]);
  const otherTemplates = await stack.call('GET', '/api/shift-templates', { token: f.otherRestaurant.token });
  expect(ids(otherTemplates.body.templates)).toEqual([]);
  // The restaurant's own list does show them.
  const own = await stack.call('GET', '/api/applications', { token: f.restaurant.token });
  expect(ids(own.body.applications)).toContain(f.application);
});
