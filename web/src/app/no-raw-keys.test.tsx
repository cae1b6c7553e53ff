// Every route of the route table, signed out and signed in as a chef, a restaurant and an operator, in English and
// in Spanish, against the fake API: no text on screen looks like a text key (`detail.hours`), and i18next never
// reports a missing key (saveMissing + missingKeyHandler). In English the page's structure is also checked with
// axe-core (issue 20): one main, one h1, no skipped heading level, every content inside a landmark.
import axe from 'axe-core';
import { act, cleanup, waitFor } from '@testing-library/react';
import i18n from '../shared/i18n';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { id, makeApplication, makeJob, shiftAt, signedIn } from '../../test/signed-in';
import { chefProfile, makeUser, restaurantProfile } from '../../test/fixtures';
import { disputeRoutes, makeDispute, makeOpsUser, signedInOperator } from '../features/ops/fixtures';

const HOUR = 3_600_000;
const missing: string[] = [];

beforeAll(() => {
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key, _fallback, _update, options) => {
    // a text with its own default (a position name typed by a restaurant) is not a missing key
    if ((options as { defaultValue?: unknown } | undefined)?.defaultValue === undefined)
      missing.push(`${ns}:${key}`);
  };
});
afterAll(() => {
  i18n.options.saveMissing = false;
  i18n.options.missingKeyHandler = false;
});
beforeEach(() => {
  missing.length = 0;
});

/** Key-shaped words (`pay.hours`, `dispute.theirs_chef`) once emails, addresses and file names are set aside. */
export function keyShaped(text: string): string[] {
  const cleaned = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]+\.(com|org|net|test|png|jpg|svg)\b/g, ' ');
  // `p.m.` / `a.m.` (Spanish times) are one-letter words, not keys
  return cleaned.match(/\b[a-z]{2,}(\.[a-zA-Z_]{2,})+\b/g) ?? [];
}

function visibleText(): string {
  const attrs = [...document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap(
    (el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  return [...texts, ...attrs].join('\n');
}

/** Renders a route, waits until it stopped loading, and returns what is wrong on it. */
async function problemsOn(path: string): Promise<string[]> {
  const { router } = renderApp(path);
  await waitFor(() => expect(document.querySelector('h1')).toBeTruthy());
  await waitFor(() => expect(document.querySelector('.spinner')).toBeNull());
  // one more turn for the queries a page starts after its first paint
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await waitFor(() => expect(document.querySelector('.spinner')).toBeNull());
  const where = `${path} (${router.state.location.pathname})`;
  const structure = i18n.language === 'en' ? await structureProblems() : [];
  const found = [
    ...structure.map((p) => `${where}: ${p}`),
    ...keyShaped(visibleText()).map((k) => `${where}: key-shaped text "${k}"`),
    ...missing.map((k) => `${where}: missing key ${k}`),
  ];
  missing.length = 0;
  cleanup();
  return found;
}

/** The structural rules of axe (jsdom has no layout: contrast and sizes are the browser tests' part). */
const STRUCTURE_RULES = [
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'region',
];

async function structureProblems(): Promise<string[]> {
  const result = await axe.run(document, { runOnly: { type: 'rule', values: STRUCTURE_RULES } });
  return result.violations.map((v) => `axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function walk(paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) problems.push(...(await problemsOn(path)));
  return problems;
}

function inLanguage(lang: 'en' | 'es') {
  return async () => {
    window.localStorage.setItem('brigade.language', lang);
    await i18n.changeLanguage(lang);
  };
}

/** Issue 39: a published review with tags, translated, and its reply. */
function reviewsOf() {
  const review = {
    id: id('r'),
    rating: 4,
    text: 'Fast and tidy.',
    original_text: 'Rápido y ordenado.',
    original_language: 'es',
    was_translated: true,
    tags: ['on_time', 'clean_station'],
    reply: {
      text: 'Thank you!',
      original_text: 'Thank you!',
      original_language: 'en',
      was_translated: false,
      replied_at: new Date().toISOString(),
    },
    published_at: new Date().toISOString(),
    author_side: 'restaurant',
    author_name: null,
  };
  const unanswered = { ...review, id: id('r'), reply: null, author_side: 'chef', tags: [] };
  return { body: { total: 2, reviews: [review, unanswered] } };
}

function common() {
  fakeApi.on('GET', '/profiles/chef/:id/reviews', reviewsOf);
  fakeApi.on('GET', '/profiles/restaurant/:id/reviews', reviewsOf);
  fakeApi.on('GET', '/messages/translation', { body: { provider: 'apertium', pairs: ['en-es', 'es-en'] } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  fakeApi.on('GET', '/notifications/preferences', {
    body: { sms_notifications: true, job_reminders: true, rating_reminders: true },
  });
}

function messagesFor(job: { id: string }, chefId: string, applicationId: string) {
  const conversation = {
    job_id: job.id,
    application_id: applicationId,
    application_status: 'accepted',
    chef_id: chefId,
    restaurant_id: id('c'),
    job_title: 'Line Cook',
    restaurant_name: 'North Loop Kitchen',
    chef_name: 'Lucía',
    other_party_name: 'North Loop Kitchen',
    latest_message: { content: '¿Necesito traer mis cuchillos?', created_at: new Date().toISOString() },
    unread_count: 1,
  };
  fakeApi.on('GET', '/messages/conversations', { body: { conversations: [conversation] } });
  const message = (over: Record<string, unknown>) => ({
    id: id('9'),
    job_id: job.id,
    sender_id: chefId,
    content: 'Can you come in at five tomorrow?',
    message_text: 'Can you come in at five tomorrow?',
    original_content: 'Can you come in at five tomorrow?',
    created_at: new Date().toISOString(),
    is_from_current_user: false,
    was_translated: false,
    original_language: 'en',
    ...over,
  });
  fakeApi.on('GET', '/messages/application/:id', (call) =>
    call.query.since
      ? { status: 304 }
      : {
          body: {
            messages: [
              message({
                original_content: '¿Necesito traer mis cuchillos?',
                content: 'Do I need to bring my knives?',
                was_translated: true,
                original_language: 'es',
              }),
              message({
                content: 'Ven a las cinco',
                original_content: 'Ven a las cinco',
                original_language: 'es',
              }),
            ],
            user_role: 'chef',
            job_id: job.id,
            chef_id: chefId,
            application_id: applicationId,
          },
        },
  );
  return `/messages?job=${job.id}`;
}

describe.each(['en', 'es'] as const)('no raw key on any screen (%s)', (lang) => {
  beforeEach(inLanguage(lang));

  test('signed out', async () => {
    common();
    fakeApi.on('POST', '/auth/signin', {
      status: 401,
      body: { error: 'Invalid email or password', code: 'IDENTITY.INVALID_CREDENTIALS' },
    });
    expect(
      await walk([
        '/',
        '/about',
        '/login',
        '/signup',
        '/legal/terms',
        '/legal/privacy',
        '/no/such/page',
        '/jobs/post',
      ]),
    ).toEqual([]);
  });

  test('a chef', async () => {
    const { user } = signedIn('chef', { language: lang });
    common();
    const open = makeJob({ hours: 5.5, ...shiftAt(30 * HOUR, 5.5) });
    const filled = makeJob({ status: 'filled', ...shiftAt(-6 * HOUR, 5) });
    const application = { ...makeApplication(filled, 'accepted', true), chef_id: user.id };
    // issue 35: a booked shift the restaurant changed, waiting for the chef's answer
    const changedBase = makeJob({ status: 'filled', ...shiftAt(40 * HOUR, 5) });
    const changedApplicationId = id('a');
    const terms = (rate: number) => ({
      start_time: changedBase.start_time,
      end_time: changedBase.end_time,
      hourly_rate: rate,
      break_minutes: 0,
      pay_cents: rate * 500,
    });
    const changed = {
      ...changedBase,
      user_applied: true,
      user_application: { id: changedApplicationId, status: 'accepted', worker_confirmed: true },
      edit_to_answer: {
        edit_id: id('e'),
        application_id: changedApplicationId,
        before: terms(20),
        after: terms(22),
        answer_by: new Date(Date.now() + 12 * HOUR).toISOString(),
      },
    };
    const changedApplication = {
      ...makeApplication(changed, 'accepted', true),
      id: changedApplicationId,
      chef_id: user.id,
    };
    fakeApi.on('GET', '/jobs', { body: { jobs: [open] } });
    fakeApi.on('GET', '/applications', { body: { applications: [application, changedApplication] } });
    fakeApi.on('GET', `/jobs/${changed.id}`, { body: { job: changed } });
    fakeApi.on('GET', `/jobs/${open.id}`, { body: { job: open } });
    fakeApi.on('GET', `/applications/${application.id}`, { body: { application } });
    const restaurant = restaurantProfile(makeUser('restaurant'));
    fakeApi.on('GET', `/profiles/restaurant/${restaurant.id}`, { body: { profile: restaurant } });
    const thread = messagesFor(filled, user.id, application.id);
    fakeApi.on('GET', '/payments/earnings', {
      body: {
        paid_out_cents: 20_000,
        on_its_way_cents: 0,
        shifts: [
          {
            job_id: filled.id,
            date: filled.start_time,
            restaurant_id: restaurant.user_id,
            restaurant_name: 'North Loop Kitchen',
            position: 'Line Cook',
            hours: 5,
            gross_pay_cents: 20_000,
            status: 'paid_out',
            paid_out_at: filled.end_time,
          },
        ],
      },
    });
    expect(
      await walk([
        '/dashboard/chef',
        `/jobs/${changed.id}`,
        '/earnings',
        '/openings',
        `/jobs/${open.id}`,
        '/my-shifts',
        thread,
        '/settings',
        '/profile/me',
        `/profile/restaurant/${restaurant.id}`,
        `/checkout/${application.id}`,
        '/payments/stripe/onboarding',
        '/rating/anything',
        '/verify-phone',
      ]),
    ).toEqual([]);
  });

  test('a restaurant', async () => {
    const { user } = signedIn('restaurant', { language: lang });
    common();
    const chefUser = makeUser('chef');
    const chef = chefProfile(chefUser);
    const job = makeJob({ restaurant_id: user.id, ...shiftAt(30 * HOUR, 5) });
    const withApplicant = {
      ...job,
      applications: [
        {
          id: id('a'),
          job_id: job.id,
          chef_id: chefUser.id,
          status: 'pending',
          worker_confirmed: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          chef_profiles: { ...chef, reliability: chef.reliability },
        },
      ],
    };
    const unpaid = makeJob({ restaurant_id: user.id, status: 'payment_failed', payment_status: 'failed' });
    // issue 35: a weekly series, grouped in My Shifts, with its own page
    const seriesId = id('5');
    const inSeries = makeJob({ restaurant_id: user.id, series_id: seriesId, ...shiftAt(50 * HOUR, 5) });
    const series = {
      id: seriesId,
      title: 'Line Cook',
      weekdays: ['fri'],
      until: '2027-02-26',
      headcount: 1,
      total_cents: 21_400,
      status: 'active',
      occurrences: (['posted', 'payment_needed', 'scheduled', 'skipped'] as const).map((status, i) => ({
        date: `2027-02-0${i + 1}`,
        start_time: `2027-02-0${i + 1}T23:00:00.000Z`,
        status,
        job_id: status === 'posted' || status === 'payment_needed' ? inSeries.id : null,
        charge_at: `2027-01-2${i + 1}T23:00:00.000Z`,
        total_cents: 10_700,
      })),
      created_at: new Date().toISOString(),
    };
    fakeApi.on('GET', '/jobs/series', { body: { series: [series] } });
    fakeApi.on('GET', `/jobs/series/${seriesId}`, { body: { series } });
    fakeApi.on('GET', '/jobs', { body: { jobs: [withApplicant, inSeries] } });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job: withApplicant } });
    fakeApi.on('GET', `/jobs/${unpaid.id}`, { body: { job: unpaid } });
    fakeApi.on('GET', `/profiles/chef/${chef.id}`, { body: { profile: chef } });
    fakeApi.on('GET', '/chefs', { body: { chefs: [chef] } });
    const thread = messagesFor(job, chefUser.id, withApplicant.applications[0].id);
    fakeApi.on('GET', '/payments/receipts', {
      body: {
        totals: {
          charged_cents: 10_700,
          shift_pay_cents: 10_000,
          platform_fee_cents: 700,
          refund_cents: 0,
          net_charged_cents: 10_700,
        },
        receipts: [
          {
            job_id: job.id,
            date: job.start_time,
            position: 'Line Cook',
            chef_id: chefUser.id,
            chef_name: 'Lucía',
            payment_status: 'held_in_escrow',
            charged_cents: 10_700,
            shift_pay_cents: 10_000,
            platform_fee_cents: 700,
            refund_cents: 0,
            net_charged_cents: 10_700,
            pending: true,
            card: { brand: null, last4: null, charge_id: 'ch_3Abc' },
          },
        ],
      },
    });
    expect(
      await walk([
        '/dashboard/restaurant',
        '/receipts',
        '/jobs/post',
        `/jobs/${job.id}`,
        `/jobs/${job.id}/applications`,
        '/my-shifts',
        `/series/${seriesId}`,
        '/chefs',
        `/workers/${chef.id}`,
        `/payments/${unpaid.id}`,
        thread,
        '/settings',
        '/profile/me',
      ]),
    ).toEqual([]);
  });

  test('an operator', async () => {
    signedInOperator(lang);
    common();
    const dispute = makeDispute(30);
    disputeRoutes(dispute);
    fakeApi.on('GET', '/ops/disputes', { body: { disputes: [dispute] } });
    const member = makeOpsUser();
    fakeApi.on('GET', '/ops/users', { body: { users: [member] } });
    fakeApi.on('GET', `/ops/users/${member.id}`, {
      body: {
        user: member,
        profile: { id: member.id, name: 'Maria Lopez', city: 'Minneapolis', skills: ['Line Cook'] },
      },
    });
    // issue 39: one review the member wrote (pending) and one about them (hidden)
    const opsReview = (over: Record<string, unknown>) => ({
      id: id('r'),
      job_id: dispute.job.id,
      job_title: 'Line Cook',
      seat_no: 1,
      application_id: id('a'),
      status: 'pending',
      author_side: 'chef',
      author_id: member.id,
      author_name: 'Maria Lopez',
      subject_id: id('c'),
      subject_name: 'North Loop Kitchen',
      rating: 4,
      text: 'Great team.',
      language: 'en',
      tags: [],
      reply_text: null,
      created_at: new Date().toISOString(),
      publishes_at: new Date().toISOString(),
      published_at: null,
      publish_reason: null,
      hidden_at: null,
      hidden_reason: null,
      ...over,
    });
    fakeApi.on('GET', '/ops/reviews', {
      body: {
        reviews: [
          opsReview({}),
          opsReview({
            author_side: 'restaurant',
            author_id: id('c'),
            subject_id: member.id,
            tags: ['on_time'],
            reply_text: 'Thanks',
            status: 'hidden',
            hidden_at: new Date().toISOString(),
            hidden_reason: 'Insults',
          }),
        ],
      },
    });
    fakeApi.on('GET', '/ops/dead-letters', { body: { queues: [] } });
    fakeApi.on('GET', '/ops/anomalies', { body: { anomalies: [], stuck: [] } });
    fakeApi.on('GET', '/ops/audit', { body: { entries: [] } });
    fakeApi.on('GET', `/ops/jobs/${dispute.job.id}/timeline`, {
      body: { job_id: dispute.job.id, entries: [] },
    });
    expect(
      await walk([
        '/ops/disputes',
        `/ops/disputes/${dispute.job.id}`,
        '/ops/users',
        `/ops/users/${member.id}`,
        '/ops/dead-letters',
        '/ops/anomalies',
        '/ops/audit',
        `/ops/jobs/${dispute.job.id}`,
      ]),
    ).toEqual([]);
  });
});

test('the check itself: a raw key is found, an email or a site name is not', () => {
  expect(keyShaped('Duration detail.hours and pay.hours')).toEqual(['detail.hours', 'pay.hours']);
  expect(keyShaped('chef1@example.com wrote on brigade.test')).toEqual([]);
  expect(keyShaped('6:00 p.m. – 11:00 a.m.')).toEqual([]);
});

test("the check itself: i18next's missing-key handler reports a key no locale has", () => {
  i18n.t('jobs:detail.noSuchText');
  expect(missing).toEqual(['jobs:detail.noSuchText']);
});
