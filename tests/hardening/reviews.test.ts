import { eventually } from '@brigade/kit/testing';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  textsSentTo,
  until,
  untilEnded,
  type Account,
  type Operator,
  type PostedJob,
  type Stack,
} from './support/stack';
import { sideBySide } from './support/side-by-side';

// Issue 39 through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis in real mode):
// the checkout's rating and words are a review of the other side, published double-blind. Until both sides wrote,
// or REVIEW_PUBLISH_AFTER (40 s here) after the shift's end, the side reviewed reads it through no endpoint: the job,
// the application, the lists, the profiles' reviews and averages, the applicant cards, the chef search and the
// openings. Then it shows everywhere; the side reviewed replies once; an operator hides one that breaks the rules
// (gone from lists and averages, both sides texted). Three shifts are booked at once (31 s at $60/h) and the three
// scenarios run side by side (support/side-by-side.ts); the product's clock is moved to each shift's end and past
// the window (ADR 41) instead of waiting for them.

const SHIFT_HOURS = 31 / 3600;
const REVIEW_PUBLISH_AFTER_MS = 40_000;
let stack: Stack;
let ops: Operator;

interface Worked {
  restaurant: Account;
  chef: Account;
  job: PostedJob;
  applicationId: string;
}
let blind: Worked;
let hidden: Worked;
let lonely: Worked;

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;
const post = (who: Account | Operator, path: string, body: unknown) =>
  stack.call('POST', `/api${path}`, { token: who.token, body });

/** A shift booked now, starting in 45 s and 31 s long. */
async function book(): Promise<Worked> {
  const [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);
  const job = await postJob(stack, restaurant, 45_000, SHIFT_HOURS, 60);
  await payJob(stack, restaurant, job);
  const applicationId = await apply(stack, chef, job);
  await acceptAndConfirm(stack, restaurant, chef, applicationId);
  return { restaurant, chef, job, applicationId };
}

const checkout = async (who: Account, applicationId: string, body: Record<string, unknown>) =>
  expectStatus(
    await post(who, `/applications/${applicationId}/checkout`, {
      workCompleted: true,
      feedback: null,
      ...body,
    }),
    200,
  );

/** Both ratings of a shift in every answer that carries them, as one side reads them. */
async function ratingsSeenBy(who: Account, w: Worked) {
  const pick = (j: { chef_rating: number | null; restaurant_rating: number | null }) =>
    [j.chef_rating, j.restaurant_rating] as const;
  const job = (await get(who, `/jobs/${w.job.id}`)).job;
  const application = (await get(who, `/applications/${w.applicationId}`)).application.job_postings;
  const listed = (await get(who, '/applications')).applications.find(
    (a: { id: string }) => a.id === w.applicationId,
  ).job_postings;
  const jobs = (await get(who, '/jobs?status=all')).jobs.find((j: { id: string }) => j.id === w.job.id);
  return { job: pick(job), application: pick(application), list: pick(listed), jobs: pick(jobs) };
}
const everywhere = (chef: number | null, restaurant: number | null) => {
  const both = [chef, restaurant] as const;
  return { job: both, application: both, list: both, jobs: both };
};

/**
 * What anyone reads of the chef's ratings: the profile, the reviews, the restaurant's applicant cards (the job page
 * and the applications list) and the chef search.
 */
async function chefRatingsSeen(w: Worked) {
  const profile = (await get(w.restaurant, `/profiles/chef/${w.chef.profileId}`)).profile;
  const reviews = await get(w.restaurant, `/profiles/chef/${w.chef.profileId}/reviews`);
  const card = (await get(w.restaurant, `/jobs/${w.job.id}`)).job.applications.find(
    (a: { chef_id: string }) => a.chef_id === w.chef.id,
  ).chef_profiles;
  const listedCard = (await get(w.restaurant, '/applications')).applications.find(
    (a: { id: string }) => a.id === w.applicationId,
  ).chef_profiles;
  const search = (await get(w.restaurant, '/profiles/chefs?radius=100&limit=200')).chefs.find(
    (c: { user_id: string }) => c.user_id === w.chef.id,
  );
  const count = (p: { total_ratings: number; average_rating: number | null }) => [
    p.total_ratings,
    p.average_rating,
  ];
  return {
    profile: count(profile),
    card: count(card),
    listedCard: count(listedCard),
    search: search ? count(search) : 'not found',
    reviews: reviews.total,
  };
}

/** What anyone reads of the restaurant's ratings: its profile, its reviews, and the chefs' openings. */
async function restaurantRatingsSeen(w: Worked, reader: Account, openJob: PostedJob) {
  const profile = (await get(reader, `/profiles/restaurant/${w.restaurant.profileId}`)).profile;
  const reviews = await get(reader, `/profiles/restaurant/${w.restaurant.profileId}/reviews`);
  const openings = (await get(reader, '/jobs?status=open&limit=100')).jobs.find(
    (j: { id: string }) => j.id === openJob.id,
  );
  const opening = (await get(reader, `/jobs/${openJob.id}`)).job;
  const count = (p: { total_ratings: number; average_rating: number | null }) => [
    p.total_ratings,
    p.average_rating,
  ];
  return {
    profile: count(profile),
    openings: openings ? count(openings.restaurant_profiles) : 'not listed',
    opening: count(opening.restaurant_profiles),
    reviews: reviews.total,
  };
}

let opening: PostedJob;
let reader: Account;

beforeAll(async () => {
  ({ stack, operator: ops } = await startStackWithOperator({
    REVIEW_PUBLISH_AFTER: `${REVIEW_PUBLISH_AFTER_MS / 1000}s`,
    CHECKOUT_DEADLINE: '1h',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  }));
  [blind, hidden, lonely] = await Promise.all([book(), book(), book()]);
  // An open shift of the lonely shift's restaurant, and a chef who browses the openings.
  opening = await postJob(stack, lonely.restaurant);
  await payJob(stack, lonely.restaurant, opening);
  reader = await signUp(stack, 'chef', { payouts: false });
}, 300_000);
afterAll(() => stack?.close());
// after the set-up above
const together = sideBySide(200_000);

/**
 * The product's clock is shared by the three scenarios (ADR 41). The lonely one moves it past the 40 s window only
 * once the other two shifts have both reviews written: from then on the window changes nothing of theirs.
 */
function written() {
  let done: () => void = () => undefined;
  return { done: () => done(), wait: new Promise<void>((resolve) => (done = resolve)) };
}
const blindWritten = written();
const hiddenWritten = written();

together.test(
  'reviews are hidden until both sides wrote, through every endpoint, then shown everywhere; a reply',
  async () => {
    const { restaurant, chef, applicationId } = blind;
    await untilEnded(blind.job);
    await checkout(restaurant, applicationId, {
      rating: 4,
      feedback: 'Fast, tidy and kind to the dish crew.',
      tags: ['on_time', 'would_book_again'],
    });
    // The restaurant reads its own rating; the chef reads it nowhere, and nothing counts it yet.
    expect(await ratingsSeenBy(restaurant, blind)).toEqual(everywhere(4, null));
    expect(await ratingsSeenBy(chef, blind)).toEqual(everywhere(null, null));
    expect(await chefRatingsSeen(blind)).toEqual({
      profile: [0, null],
      card: [0, null],
      listedCard: [0, null],
      search: [0, null],
      reviews: 0,
    });
    expect((await get(chef, `/profiles/chef/${chef.profileId}/reviews`)).reviews).toEqual([]);

    await checkout(chef, applicationId, { rating: 5, feedback: 'Clear prep list.' }).finally(
      blindWritten.done,
    );
    expect(await ratingsSeenBy(chef, blind)).toEqual(everywhere(4, 5));
    expect(await ratingsSeenBy(restaurant, blind)).toEqual(everywhere(4, 5));
    await eventually(async () =>
      expect(await chefRatingsSeen(blind)).toEqual({
        profile: [1, 4],
        card: [1, 4],
        listedCard: [1, 4],
        search: [1, 4],
        reviews: 1,
      }),
    );
    const { reviews } = await get(chef, `/profiles/chef/${chef.profileId}/reviews`);
    expect(reviews).toEqual([
      expect.objectContaining({
        rating: 4,
        text: 'Fast, tidy and kind to the dish crew.',
        tags: ['on_time', 'would_book_again'],
        reply: null,
        author_side: 'restaurant',
      }),
    ]);
    const ofRestaurant = await get(restaurant, `/profiles/restaurant/${restaurant.profileId}/reviews`);
    expect(ofRestaurant.reviews).toEqual([expect.objectContaining({ rating: 5, text: 'Clear prep list.' })]);

    // The side reviewed replies once; the author never replies to its own review.
    const id = reviews[0].id;
    const own = await post(restaurant, `/reviews/${id}/reply`, { text: 'And thanks again' });
    expect(own).toMatchObject({ status: 403, body: { code: 'JOBS.OWN_REVIEW' } });
    const replied = expectStatus(await post(chef, `/reviews/${id}/reply`, { text: 'Thank you, team!' }), 201);
    expect(replied.body.review.reply).toMatchObject({ text: 'Thank you, team!' });
    const second = await post(chef, `/reviews/${id}/reply`, { text: 'One more thing' });
    expect(second).toMatchObject({ status: 409, body: { code: 'JOBS.ALREADY_REPLIED' } });
    const after = await get(restaurant, `/profiles/chef/${chef.id}/reviews`);
    expect(after.reviews[0].reply).toMatchObject({ text: 'Thank you, team!' });
  },
  120_000,
);

together.test(
  'an operator hides a review: gone from the lists and the average, audited, both sides texted',
  async () => {
    const { restaurant, chef, applicationId } = hidden;
    await untilEnded(hidden.job);
    try {
      await checkout(restaurant, applicationId, { rating: 1, feedback: 'Call me on my own number instead.' });
      await checkout(chef, applicationId, { rating: 5 });
    } finally {
      hiddenWritten.done();
    }
    await eventually(async () => expect((await chefRatingsSeen(hidden)).profile).toEqual([1, 1]));
    const listed = expectStatus(
      await stack.call('GET', `/api/ops/reviews?user_id=${chef.id}`, { token: ops.token }),
      200,
    ).body.reviews;
    const review = listed.find((r: { author_side: string }) => r.author_side === 'restaurant');
    expect(review).toMatchObject({ status: 'published', rating: 1 });
    // A member never hides; an operator's hiding without a reason stores nothing.
    expect((await post(chef, `/ops/reviews/${review.id}/hide`, { reason: 'Unfair' })).status).toBe(403);
    expect((await post(ops, `/ops/reviews/${review.id}/hide`, { reason: ' ' })).status).toBe(400);

    const done = expectStatus(
      await post(ops, `/ops/reviews/${review.id}/hide`, { reason: 'Personal phone numbers are not allowed' }),
      200,
    );
    expect(done.body.review).toMatchObject({ status: 'hidden' });
    await eventually(async () =>
      expect(await chefRatingsSeen(hidden)).toEqual({
        profile: [0, null],
        card: [0, null],
        listedCard: [0, null],
        search: [0, null],
        reviews: 0,
      }),
    );
    expect((await get(chef, `/jobs/${hidden.job.id}`)).job.chef_rating).toBeNull();
    expect((await post(chef, `/reviews/${review.id}/reply`, { text: 'Why?' })).status).toBe(404);
    const audit = expectStatus(
      await stack.call('GET', `/api/ops/audit?job_id=${hidden.job.id}`, { token: ops.token }),
      200,
    ).body;
    expect(JSON.stringify(audit)).toContain('review.hide');
    await eventually(async () => {
      expect(await textsSentTo(stack, restaurant)).toContainEqual(
        expect.stringMatching(/our team hid your review of .+: Personal phone numbers are not allowed/),
      );
      expect(await textsSentTo(stack, chef)).toContainEqual(
        expect.stringMatching(/our team hid the review of you by .+: Personal phone numbers are not allowed/),
      );
    }, 30_000);
  },
  120_000,
);

together.test(
  'a review the other side never writes is published after the window, and only then shows',
  async () => {
    const { restaurant, chef, applicationId } = lonely;
    await untilEnded(lonely.job);
    await checkout(chef, applicationId, { rating: 3, feedback: 'Short on towels.' });
    // Until the window ends: the restaurant and every chef browsing its openings read nothing of it.
    expect(await ratingsSeenBy(restaurant, lonely)).toEqual(everywhere(null, null));
    expect(await ratingsSeenBy(chef, lonely)).toEqual(everywhere(null, 3));
    expect(await restaurantRatingsSeen(lonely, reader, opening)).toEqual({
      profile: [0, null],
      openings: [0, null],
      opening: [0, null],
      reviews: 0,
    });
    // REVIEW_PUBLISH_AFTER after the end (the restaurant never checked out): published by the rules loop.
    await Promise.all([blindWritten.wait, hiddenWritten.wait]);
    await until(stack, lonely.job.end.getTime() + REVIEW_PUBLISH_AFTER_MS);
    await eventually(
      async () =>
        expect(await restaurantRatingsSeen(lonely, reader, opening)).toEqual({
          profile: [1, 3],
          openings: [1, 3],
          opening: [1, 3],
          reviews: 1,
        }),
      180_000,
    );
    expect(await ratingsSeenBy(restaurant, lonely)).toEqual(everywhere(null, 3));
    const { reviews } = await get(restaurant, `/profiles/restaurant/${restaurant.profileId}/reviews`);
    expect(reviews).toEqual([expect.objectContaining({ rating: 3, text: 'Short on towels.', reply: null })]);
  },
  150_000,
);
