import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { signUp, startIdentity, type Harness } from './harness';

// Average ratings on profiles (issue 39): a rating counts once jobs publishes its review
// (`jobs.review.published.v1`: both sides of the seat reviewed, or REVIEW_PUBLISH_AFTER passed), once per job, seat
// and side, and leaves the average when an operator hides the review (`jobs.review.hidden.v1`). A checkout alone
// counts nothing any more (double-blind); ratings kept before reviews stay counted.

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function restaurantWithProfile(name: string) {
  const session = await signUp(h, 'restaurant');
  const saved = await h.post(
    '/profiles/restaurant',
    { name, description: 'Tacos', address: '1 Main St', city: 'Minneapolis', cuisineTypes: '["Mexican"]' },
    session.access_token,
  );
  expect(saved.status).toBe(200);
  return { session, userId: session.user.id, profile: saved.body.profile };
}

/** A chef's review of a restaurant on one seat of a shift, as jobs announces it. */
function chefReview(restaurantId: string, rating: number) {
  return {
    review_id: randomUUID(),
    job_id: randomUUID(),
    seat_no: 1,
    application_id: randomUUID(),
    chef_id: randomUUID(),
    restaurant_id: restaurantId,
    author_side: 'chef' as const,
    author_id: randomUUID(),
    subject_id: restaurantId,
    subject_type: 'restaurant' as const,
    rating,
  };
}
const publishedData = (r: ReturnType<typeof chefReview>) => ({
  ...r,
  reason: 'both_reviewed' as const,
  published_at: new Date().toISOString(),
});
const hiddenData = (r: ReturnType<typeof chefReview>, wasPublished = true) => ({
  ...r,
  was_published: wasPublished,
  reason: 'Insults',
  operator_id: randomUUID(),
  hidden_at: new Date().toISOString(),
});

async function processed(eventId: string) {
  await eventually(async () => {
    const rows = await h.database.rows(
      sql`select 1 from identity.processed_events where event_id = ${eventId}`,
    );
    expect(rows).toHaveLength(1);
  });
}

async function averageOf(restaurant: Awaited<ReturnType<typeof restaurantWithProfile>>) {
  const profile = await h.get(
    `/profiles/restaurant/${restaurant.profile.id}`,
    restaurant.session.access_token,
  );
  return {
    average_rating: profile.body.profile.average_rating,
    total_ratings: profile.body.profile.total_ratings,
  };
}

/** What identity announced of one user's ratings, oldest first: each event's type and its figures. */
async function announced(userId: string) {
  const rows = await h.database.rows<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from identity.outbox where payload->>'user_id' = ${userId}
         and type in ('identity.restaurant_profile.updated.v1', 'identity.rating.changed.v1') order by seq`,
  );
  return rows.map((r) => [r.type, r.payload.average_rating, r.payload.total_ratings]);
}

test('a published review counts once (a redelivery too); a hidden one leaves the average', async () => {
  const restaurant = await restaurantWithProfile('Average Joe’s');
  const four = chefReview(restaurant.userId, 4);
  const two = chefReview(restaurant.userId, 2);
  const first = await h.publish('jobs.review.published.v1', publishedData(four));
  await processed(first);
  await processed(await h.publish('jobs.review.published.v1', publishedData(two)));
  // the same event again, and the same review announced anew
  await processed(await h.publish('jobs.review.published.v1', publishedData(four), first));
  await processed(await h.publish('jobs.review.published.v1', publishedData(four)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: 3, total_ratings: 2 });

  await processed(await h.publish('jobs.review.hidden.v1', hiddenData(two)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: 4, total_ratings: 1 });
  // hidden twice, or published again after it was hidden: nothing moves
  await processed(await h.publish('jobs.review.hidden.v1', hiddenData(two)));
  await processed(await h.publish('jobs.review.published.v1', publishedData(two)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: 4, total_ratings: 1 });

  // ADR 43: each move of the average is announced once, as a rating of its own (jobs shows it); the whole profile
  // only when its owner saved it
  expect(await announced(restaurant.userId)).toEqual([
    ['identity.restaurant_profile.updated.v1', null, 0],
    ['identity.rating.changed.v1', 4, 1],
    ['identity.rating.changed.v1', 3, 2],
    ['identity.rating.changed.v1', 4, 1],
  ]);
  const [rating] = await h.database.rows<{ payload: Record<string, unknown> }>(
    sql`select payload from identity.outbox where type = 'identity.rating.changed.v1'
         and payload->>'user_id' = ${restaurant.userId} order by seq limit 1`,
  );
  expect(rating!.payload).toEqual({
    user_id: restaurant.userId,
    profile_id: restaurant.profile.id,
    user_type: 'restaurant',
    average_rating: 4,
    total_ratings: 1,
  });
});

test('a checkout alone counts nothing and writes nothing, and a review hidden before its publication never counts', async () => {
  const restaurant = await restaurantWithProfile('Blind Tasting');
  const review = chefReview(restaurant.userId, 1);
  const start = new Date(Date.now() - 5 * 3_600_000);
  const checkout = await h.publish('jobs.checkout.recorded.v1', {
    application_id: review.application_id,
    job_id: review.job_id,
    job_title: 'Line Cook',
    chef_id: review.chef_id,
    chef_profile_id: randomUUID(),
    restaurant_id: restaurant.userId,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    side: 'chef',
    rating: 1,
    work_completed: true,
    feedback: null,
    ratee_id: restaurant.userId,
    ratee_type: 'restaurant',
    seat_no: 1,
  });
  // The hidden review is about the same job, so it is delivered after the checkout: once it is processed, the
  // checkout was taken, and it wrote nothing (no transaction, so no processed-event row either).
  await processed(await h.publish('jobs.review.hidden.v1', hiddenData(review, false)));
  expect(
    await h.database.rows(sql`select 1 from identity.processed_events where event_id = ${checkout}`),
  ).toEqual([]);
  await processed(await h.publish('jobs.review.published.v1', publishedData(review)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: null, total_ratings: 0 });
});

test('issue 35: two chefs on seats 1 and 2 of one posting both rate the restaurant, each counted', async () => {
  const restaurant = await restaurantWithProfile('Two Seats Grill');
  const seat1 = chefReview(restaurant.userId, 5);
  const seat2 = { ...chefReview(restaurant.userId, 3), job_id: seat1.job_id, seat_no: 2 };
  await processed(await h.publish('jobs.review.published.v1', publishedData(seat1)));
  await processed(await h.publish('jobs.review.published.v1', publishedData(seat2)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: 4, total_ratings: 2 });
  const kept = await h.database.rows<{ seat_no: number; side: string; rating: number }>(
    sql`select seat_no, side, rating from identity.ratings where job_id = ${seat1.job_id} order by seat_no`,
  );
  expect(kept).toEqual([
    { seat_no: 1, side: 'chef', rating: 5 },
    { seat_no: 2, side: 'chef', rating: 3 },
  ]);
});

test('a rating kept before reviews stays counted, and leaves the average when its review is hidden', async () => {
  const restaurant = await restaurantWithProfile('Old Timer');
  const old = chefReview(restaurant.userId, 2);
  // As a checkout before issue 39 left it: the rating row and the profile's sum and count.
  await h.database.db.execute(sql`
    insert into identity.ratings (job_id, seat_no, side, ratee_id, rating)
    values (${old.job_id}, 1, 'chef', ${restaurant.userId}, 2)`);
  await h.database.db.execute(sql`
    update identity.restaurant_profiles set rating_sum = rating_sum + 2, total_ratings = total_ratings + 1
     where user_id = ${restaurant.userId}`);
  expect(await averageOf(restaurant)).toEqual({ average_rating: 2, total_ratings: 1 });
  // jobs published it as a review in its migration (no event): a later announcement counts nothing more
  await processed(await h.publish('jobs.review.published.v1', publishedData(old)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: 2, total_ratings: 1 });
  await processed(await h.publish('jobs.review.hidden.v1', hiddenData(old)));
  expect(await averageOf(restaurant)).toEqual({ average_rating: null, total_ratings: 0 });
});
