import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  client,
  eventually,
  HOUR,
  openJob,
  operator,
  publish,
  published,
  restaurantWithProfile,
  useHarness,
  user,
  waitForEvent,
  type User,
} from './harness';

// Issue 39: the checkout's rating and words become a review of the other side, published double-blind: when both
// sides of the seat reviewed, or REVIEW_PUBLISH_AFTER (7 days) after the shift's end. Until then the side
// reviewed reads it nowhere: not on the job, the application, the lists, nor the profile's reviews. The side
// reviewed replies once; an operator hides one that breaks the rules (audited, out of the lists).
const h = useHarness();

const DAY = 24 * HOUR;

type Chef = Awaited<ReturnType<typeof chefWithProfile>>;
type Restaurant = Awaited<ReturnType<typeof restaurantWithProfile>>;

/** A shift booked and worked: the clock a minute past its end (checkout open). */
async function workedShift(chef?: Chef, r?: Restaurant) {
  r = r ?? (await restaurantWithProfile(h, 'Blue Door'));
  chef = chef ?? (await chefWithProfile(h, { name: 'Ana Ruiz' }));
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(Date.parse(job.end_time) - Date.now() + 60_000);
  return { r, chef, job, appId };
}

const checkout = (who: User, appId: string, body: Record<string, unknown>) =>
  who.api.post(`/applications/${appId}/checkout`, { workCompleted: true, feedback: null, ...body });

/** Every answer that carries the ratings of one shift, as one side reads them. */
async function ratingsSeenBy(who: User, jobId: string, appId: string) {
  const job = (await who.api.get(`/jobs/${jobId}`)).body.job;
  const app = (await who.api.get(`/applications/${appId}`)).body.application.job_postings;
  const listed = (await who.api.get('/applications')).body.applications.find(
    (a: { id: string }) => a.id === appId,
  ).job_postings;
  const jobs = (await who.api.get('/jobs?status=all')).body.jobs.find((j: { id: string }) => j.id === jobId);
  const pick = (j: { chef_rating: number | null; restaurant_rating: number | null }) => ({
    chef_rating: j.chef_rating,
    restaurant_rating: j.restaurant_rating,
  });
  return { job: pick(job), application: pick(app), list: pick(listed), jobs: pick(jobs) };
}

const everywhere = (chef_rating: number | null, restaurant_rating: number | null) => {
  const seen = { chef_rating, restaurant_rating };
  return { job: seen, application: seen, list: seen, jobs: seen };
};

describe('double-blind', () => {
  test('a review stays with its author until the other side reviews, then both are published at once', async () => {
    const { r, chef, job, appId } = await workedShift();
    const restaurantOut = await checkout(r, appId, {
      rating: 4,
      feedback: 'Fast, tidy and kind to the dish crew.',
      tags: ['on_time', 'clean_station'],
    });
    expect(restaurantOut.status).toBe(200);

    // The restaurant reads its own rating; the chef reads nothing of it, anywhere.
    expect(await ratingsSeenBy(r, job.id, appId)).toEqual(everywhere(4, null));
    expect(await ratingsSeenBy(chef, job.id, appId)).toEqual(everywhere(null, null));
    const before = await chef.api.get(`/profiles/chef/${chef.profileId}/reviews`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ reviews: [], total: 0 });
    expect(published(h, 'jobs.review.published.v1', (d) => d.job_id === job.id)).toEqual([]);

    const chefOut = await checkout(chef, appId, { rating: 5, feedback: 'Clear prep list, paid on time.' });
    expect(chefOut.status).toBe(200);
    expect(await ratingsSeenBy(chef, job.id, appId)).toEqual(everywhere(4, 5));
    expect(await ratingsSeenBy(r, job.id, appId)).toEqual(everywhere(4, 5));

    const ofChef = (await r.api.get(`/profiles/chef/${chef.id}/reviews`)).body;
    expect(ofChef).toMatchObject({
      total: 1,
      reviews: [
        {
          rating: 4,
          text: 'Fast, tidy and kind to the dish crew.',
          original_text: 'Fast, tidy and kind to the dish crew.',
          original_language: 'en',
          was_translated: false,
          tags: ['on_time', 'clean_station'],
          reply: null,
          author_side: 'restaurant',
          author_name: 'Blue Door',
        },
      ],
    });
    // by profile id as well as user id
    expect((await chef.api.get(`/profiles/chef/${chef.profileId}/reviews`)).body.total).toBe(1);
    const ofRestaurant = (await chef.api.get(`/profiles/restaurant/${r.profileId}/reviews`)).body;
    expect(ofRestaurant.reviews).toEqual([
      expect.objectContaining({ rating: 5, tags: [], author_side: 'chef', author_name: 'Ana Ruiz' }),
    ]);
    const events = await eventually(() => {
      const found = published(h, 'jobs.review.published.v1', (d) => d.job_id === job.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(events.map((e) => [e.author_side, e.subject_id, e.rating, e.reason]).sort()).toEqual([
      ['chef', r.id, 5, 'both_reviewed'],
      ['restaurant', chef.id, 4, 'both_reviewed'],
    ]);
  });

  test('a review the other side never answers is published REVIEW_PUBLISH_AFTER after the end, by the rules loop', async () => {
    const { r, chef, job, appId } = await workedShift();
    expect((await checkout(chef, appId, { rating: 3, feedback: 'Short on towels.' })).status).toBe(200);
    h.clock.advance(6 * DAY);
    await h.service.rules.pass();
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.restaurant_rating).toBeNull();
    expect((await r.api.get(`/profiles/restaurant/${r.id}/reviews`)).body.reviews).toEqual([]);

    h.clock.advance(DAY);
    const event = await waitForEvent(h, 'jobs.review.published.v1', (d) => d.job_id === job.id);
    expect(event).toMatchObject({ author_side: 'chef', subject_id: r.id, rating: 3, reason: 'window_ended' });
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.restaurant_rating).toBe(3);
    expect((await r.api.get(`/profiles/restaurant/${r.id}/reviews`)).body.reviews).toEqual([
      expect.objectContaining({ rating: 3, text: 'Short on towels.' }),
    ]);
    // The restaurant's checkout is closed by now (CHECKOUT_DEADLINE): its side never reviews this seat.
    expect((await checkout(r, appId, { rating: 5 })).status).toBe(409);
  });

  test('a "not worked" checkout writes no review, and tags are refused where no restaurant reviews a chef', async () => {
    const { r, chef, job, appId } = await workedShift();
    const chefTags = await checkout(chef, appId, { rating: 5, tags: ['on_time'] });
    expect(chefTags).toMatchObject({ status: 400, body: { code: 'JOBS.TAGS_NOT_ALLOWED' } });
    const notWorkedTags = await r.api.post(`/applications/${appId}/checkout`, {
      workCompleted: false,
      tags: ['on_time'],
    });
    expect(notWorkedTags).toMatchObject({ status: 400, body: { code: 'JOBS.TAGS_NOT_ALLOWED' } });
    const unknownTag = await checkout(r, appId, { rating: 5, tags: ['fast'] });
    expect(unknownTag).toMatchObject({ status: 400, body: { code: 'VALIDATION.FAILED' } });
    const tooLong = await checkout(r, appId, { rating: 5, feedback: 'x'.repeat(1001) });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'VALIDATION.FAILED' } });

    expect(
      (await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false, feedback: 'No show' }))
        .status,
    ).toBe(200);
    expect((await checkout(chef, appId, { rating: 5 })).status).toBe(200);
    const rows = await h.database.rows<{ author_side: string; published_at: Date | null }>(
      sql`select author_side, published_at from jobs.reviews where job_id = ${job.id}`,
    );
    // The chef's review waits for its window: the restaurant wrote none ("not worked").
    expect(rows).toEqual([{ author_side: 'chef', published_at: null }]);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.restaurant_rating).toBeNull();
  });
});

describe('replies', () => {
  test('the side reviewed replies once; its own review, a second reply and an unpublished review are refused', async () => {
    const { r, chef, appId } = await workedShift();
    await checkout(r, appId, { rating: 5, feedback: 'Would book again.' });
    const [mine] = await h.database.rows<{ id: string }>(
      sql`select id from jobs.reviews where application_id = ${appId} and author_side = 'restaurant'`,
    );
    // Not published yet: the chef may not know of it.
    const early = await chef.api.post(`/reviews/${mine.id}/reply`, { text: 'Thank you!' });
    expect(early).toMatchObject({ status: 404, body: { code: 'JOBS.REVIEW_NOT_FOUND' } });

    await checkout(chef, appId, { rating: 4 });
    const own = await r.api.post(`/reviews/${mine.id}/reply`, { text: 'Also, thanks' });
    expect(own).toMatchObject({ status: 403, body: { code: 'JOBS.OWN_REVIEW' } });
    const stranger = await chefWithProfile(h);
    expect((await stranger.api.post(`/reviews/${mine.id}/reply`, { text: 'Hi' })).status).toBe(404);
    const tooLong = await chef.api.post(`/reviews/${mine.id}/reply`, { text: 'x'.repeat(501) });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'VALIDATION.FAILED' } });
    const empty = await chef.api.post(`/reviews/${mine.id}/reply`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect((await chef.api.post('/reviews/not-a-uuid/reply', { text: 'Hi' })).status).toBe(404);

    const replied = await chef.api.post(`/reviews/${mine.id}/reply`, { text: 'Thank you, chef team!' });
    expect(replied.status).toBe(201);
    expect(replied.body.review).toMatchObject({
      id: mine.id,
      reply: { text: 'Thank you, chef team!', original_language: 'en', was_translated: false },
    });
    const again = await chef.api.post(`/reviews/${mine.id}/reply`, { text: 'One more thing' });
    expect(again).toMatchObject({ status: 409, body: { code: 'JOBS.ALREADY_REPLIED' } });
    const [kept] = await h.database.rows<{ reply_text: string }>(
      sql`select reply_text from jobs.reviews where id = ${mine.id}`,
    );
    expect(kept.reply_text).toBe('Thank you, chef team!');
    const listed = (await r.api.get(`/profiles/chef/${chef.id}/reviews`)).body.reviews[0];
    expect(listed.reply).toMatchObject({ text: 'Thank you, chef team!' });
  });
});

describe('translation', () => {
  test("a review's words and its reply reach each reader in their language, the original kept beside", async () => {
    const chef = await chefWithProfile(h, { name: 'Luis Vega', language: 'es' });
    const { r, appId } = await workedShift(chef);
    await checkout(r, appId, { rating: 5, feedback: 'Great knife work.' });
    await checkout(chef, appId, { rating: 5, feedback: 'Muy buen equipo.' });
    const rows = await h.database.rows<{ id: string; author_side: string }>(
      sql`select id, author_side from jobs.reviews where application_id = ${appId}`,
    );
    const byRestaurant = rows.find((x) => x.author_side === 'restaurant')!.id;
    const written = await eventually(() => {
      const found = published(h, 'jobs.text.written.v1', (d) => d.kind === 'review' && d.id === byRestaurant);
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(written).toMatchObject({ owner: 'jobs', language: 'en', text: 'Great knife work.' });
    await publish(h, 'messaging.text.translated.v1', {
      owner: 'jobs',
      kind: 'review',
      id: byRestaurant,
      written_at: written.written_at,
      job_id: written.job_id,
      original_language: 'en',
      translated_text: 'Muy buen trabajo con el cuchillo.',
      translated_language: 'es',
      provider: 'apertium',
    });
    await eventually(async () => {
      const seen = (await chef.api.get(`/profiles/chef/${chef.id}/reviews`)).body.reviews[0];
      expect(seen).toMatchObject({
        text: 'Muy buen trabajo con el cuchillo.',
        original_text: 'Great knife work.',
        original_language: 'en',
        was_translated: true,
      });
    });
    // An English reader reads the original, unmarked.
    const english = (await r.api.get(`/profiles/chef/${chef.id}/reviews`)).body.reviews[0];
    expect(english).toMatchObject({ text: 'Great knife work.', was_translated: false });
    // The reply goes to messaging too, in the replier's language.
    expect((await chef.api.post(`/reviews/${byRestaurant}/reply`, { text: '¡Gracias!' })).status).toBe(201);
    const reply = await eventually(() => {
      const found = published(
        h,
        'jobs.text.written.v1',
        (d) => d.kind === 'review_reply' && d.id === byRestaurant,
      );
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(reply).toMatchObject({ language: 'es', text: '¡Gracias!' });
  });
});

describe('operators', () => {
  test('an operator hides a review: out of the lists and the job answers, audited, announced once', async () => {
    const { r, chef, job, appId } = await workedShift();
    await checkout(r, appId, { rating: 1, feedback: 'Call me at 612 555 0100 instead.' });
    await checkout(chef, appId, { rating: 5 });
    const ops = await operator(h);
    const listed = await ops.api.get(`/ops/reviews?user_id=${chef.id}`);
    expect(listed.status).toBe(200);
    const review = listed.body.reviews.find((x: { author_side: string }) => x.author_side === 'restaurant');
    expect(review).toMatchObject({ status: 'published', rating: 1, author_name: 'Blue Door' });
    // Members never reach the console's routes.
    expect((await chef.api.get(`/ops/reviews?user_id=${chef.id}`)).status).toBe(403);
    expect((await chef.api.post(`/ops/reviews/${review.id}/hide`, { reason: 'x' })).status).toBe(403);
    expect((await ops.api.post(`/ops/reviews/${review.id}/hide`, {})).status).toBe(400);

    const hidden = await ops.api.post(`/ops/reviews/${review.id}/hide`, {
      reason: 'Personal phone numbers are not allowed',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({
      status: 'hidden',
      hidden_reason: 'Personal phone numbers are not allowed',
    });
    expect((await r.api.get(`/profiles/chef/${chef.id}/reviews`)).body).toEqual({ reviews: [], total: 0 });
    expect((await chef.api.get(`/jobs/${job.id}`)).body.job.chef_rating).toBeNull();
    // its author still reads their own rating; the chef's review of the restaurant is untouched
    expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
      chef_rating: 1,
      restaurant_rating: 5,
    });
    const again = await ops.api.post(`/ops/reviews/${review.id}/hide`, { reason: 'Twice' });
    expect(again).toMatchObject({ status: 409, body: { code: 'JOBS.REVIEW_ALREADY_HIDDEN' } });
    const reply = await chef.api.post(`/reviews/${review.id}/reply`, { text: 'Why?' });
    expect(reply.status).toBe(404);

    const event = await waitForEvent(h, 'jobs.review.hidden.v1', (d) => d.review_id === review.id);
    expect(event).toMatchObject({
      was_published: true,
      author_id: r.id,
      subject_id: chef.id,
      rating: 1,
      reason: 'Personal phone numbers are not allowed',
      operator_id: ops.id,
    });
    expect(published(h, 'jobs.review.hidden.v1', (d) => d.review_id === review.id)).toHaveLength(1);
    const audit = await h.database.rows<{ action: string; job_id: string; reason: string }>(
      sql`select action, job_id, reason from jobs.audit_log where detail->>'review_id' = ${review.id}`,
    );
    expect(audit).toEqual([
      { action: 'review.hide', job_id: job.id, reason: 'Personal phone numbers are not allowed' },
    ]);
    // the job's timeline tells it in the console's words
    await eventually(async () => {
      const timeline = (await ops.api.get(`/ops/jobs/${job.id}/timeline`)).body.entries.map(
        (e: { summary: string }) => e.summary,
      );
      expect(timeline).toEqual(
        expect.arrayContaining([
          "The restaurant's review (1/5) was published: both sides reviewed",
          "The restaurant's review was hidden: Personal phone numbers are not allowed",
        ]),
      );
    });
  });

  test('a review hidden before it is published is never published', async () => {
    const { r, appId, job } = await workedShift();
    await checkout(r, appId, { rating: 2, feedback: 'Rude words here' });
    const ops = await operator(h);
    const [review] = (await ops.api.get(`/ops/reviews?job_id=${job.id}`)).body.reviews;
    expect(review.status).toBe('pending');
    expect((await ops.api.post(`/ops/reviews/${review.id}/hide`, { reason: 'Insults' })).status).toBe(200);
    h.clock.advance(8 * DAY);
    await h.service.rules.pass();
    expect(published(h, 'jobs.review.published.v1', (d) => d.review_id === review.id)).toEqual([]);
    const event = await waitForEvent(h, 'jobs.review.hidden.v1', (d) => d.review_id === review.id);
    expect(event.was_published).toBe(false);
  });
});

describe('who reads what', () => {
  test("another chef of a posting of two never reads one seat's unpublished ratings", async () => {
    const r = await restaurantWithProfile(h, 'Two Seats');
    const [ana, ben] = [await chefWithProfile(h), await chefWithProfile(h)];
    const job = await openJob(h, r, { headcount: 2 });
    const anaApp = await bookChef(job, r, ana);
    const benApp = await bookChef(job, r, ben);
    h.clock.advance(Date.parse(job.end_time) - Date.now() + 60_000);
    await checkout(r, anaApp, { rating: 2 });
    await checkout(ana, anaApp, { rating: 5 });
    await checkout(r, benApp, { rating: 3 });
    // Ben's seat: the restaurant's rating of him is not published (he has not reviewed); Ana's is.
    const benSees = (await ben.api.get(`/jobs/${job.id}`)).body.job;
    expect(benSees.chef_rating).toBeNull();
    const owner = (await r.api.get(`/jobs/${job.id}`)).body.job;
    expect(owner.seat_list.map((s: { chef_rating: number; restaurant_rating: number }) => s)).toEqual([
      expect.objectContaining({ seat_no: 1, chef_rating: 2, restaurant_rating: 5 }),
      expect.objectContaining({ seat_no: 2, chef_rating: 3, restaurant_rating: null }),
    ]);
    const anon = await user(h, 'chef');
    expect((await client(h, anon.token).get(`/profiles/chef/${ben.id}/reviews`)).body.total).toBe(0);
    expect((await client(h, anon.token).get(`/profiles/chef/${ana.id}/reviews`)).body.total).toBe(1);
    // a chef's id is no restaurant's, and an id of no profile is none
    const wrongKind = await client(h, anon.token).get(`/profiles/restaurant/${ana.id}/reviews`);
    expect(wrongKind).toMatchObject({ status: 404, body: { code: 'JOBS.RESTAURANT_NOT_FOUND' } });
    const unknown = await client(h, anon.token).get(`/profiles/chef/${randomUUID()}/reviews`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'JOBS.CHEF_NOT_FOUND' } });
  });
});
