import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { signUp, startIdentity, type Harness } from './harness';

// Average ratings on profiles come from jobs' checkouts (`jobs.checkout.recorded.v1`): one rating per job and
// side. Issue 32: a side that says the shift was not worked gives no rating (null), and that checkout must
// leave the other side's average and count exactly as they were.

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

/** A chef's checkout of one shift at this restaurant: worked with a rating, or not worked without one. */
function chefCheckout(restaurantId: string, rating: number | null) {
  const start = new Date(Date.now() - 5 * 3_600_000);
  return {
    application_id: randomUUID(),
    job_id: randomUUID(),
    job_title: 'Line Cook',
    chef_id: randomUUID(),
    chef_profile_id: randomUUID(),
    restaurant_id: restaurantId,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    side: 'chef' as const,
    rating,
    work_completed: rating !== null,
    feedback: null,
    ratee_id: restaurantId,
    ratee_type: 'restaurant' as const,
  };
}

async function processed(eventId: string) {
  await eventually(async () => {
    const rows = await h.database.rows(
      sql`select 1 from identity.processed_events where event_id = ${eventId}`,
    );
    expect(rows).toHaveLength(1);
  });
}

test('a "did not work" checkout (no rating) leaves the restaurant\'s average and count as they were', async () => {
  const restaurant = await restaurantWithProfile('Average Joe’s');
  await processed(await h.publish('jobs.checkout.recorded.v1', chefCheckout(restaurant.userId, 4)));
  await processed(await h.publish('jobs.checkout.recorded.v1', chefCheckout(restaurant.userId, 2)));
  const before = await h.get(
    `/profiles/restaurant/${restaurant.profile.id}`,
    restaurant.session.access_token,
  );
  expect(before.body.profile).toMatchObject({ average_rating: 3, total_ratings: 2 });

  // The chef of a third shift says they did not work it: no rating at all, not a 0 and not a default 5.
  await processed(await h.publish('jobs.checkout.recorded.v1', chefCheckout(restaurant.userId, null)));
  const after = await h.get(`/profiles/restaurant/${restaurant.profile.id}`, restaurant.session.access_token);
  expect(after.body.profile).toMatchObject({ average_rating: 3, total_ratings: 2 });
  const kept = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from identity.ratings where ratee_id = ${restaurant.userId}`,
  );
  expect(Number(kept[0].n)).toBe(2);
});

test('issue 35: two chefs on seats 1 and 2 of one posting both rate the restaurant; a replayed checkout counts once', async () => {
  const restaurant = await restaurantWithProfile('Two Seats Grill');
  const seat1 = chefCheckout(restaurant.userId, 5);
  const seat2 = { ...chefCheckout(restaurant.userId, 3), job_id: seat1.job_id, seat_no: 2 };
  const first = await h.publish('jobs.checkout.recorded.v1', seat1); // no seat_no: an event from before seats
  await processed(first);
  const second = await h.publish('jobs.checkout.recorded.v1', seat2);
  await processed(second);
  // The same checkouts again: redelivered, and announced anew (seat 1 now named).
  await processed(await h.publish('jobs.checkout.recorded.v1', seat2, second));
  await processed(await h.publish('jobs.checkout.recorded.v1', { ...seat1, seat_no: 1 }));
  await processed(await h.publish('jobs.checkout.recorded.v1', { ...seat2, rating: 1 }));

  const profile = await h.get(
    `/profiles/restaurant/${restaurant.profile.id}`,
    restaurant.session.access_token,
  );
  expect(profile.body.profile).toMatchObject({ average_rating: 4, total_ratings: 2 });
  const kept = await h.database.rows<{ seat_no: number; side: string; rating: number }>(
    sql`select seat_no, side, rating from identity.ratings where job_id = ${seat1.job_id} order by seat_no`,
  );
  expect(kept).toEqual([
    { seat_no: 1, side: 'chef', rating: 5 },
    { seat_no: 2, side: 'chef', rating: 3 },
  ]);
});
