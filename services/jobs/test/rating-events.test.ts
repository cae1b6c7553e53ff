import { randomUUID } from 'node:crypto';
import type { EventInput, EventType } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import {
  chefProfileData,
  chefWithProfile,
  eventually,
  openJob,
  restaurantWithProfile,
  useHarness,
  type Harness,
} from './harness';

// ADR 43 (issue 41): identity announces a move of an average as its own event (identity.rating.changed.v1), the
// whole profile only when its owner saves it. Events arrive in any order (retries reorder), so jobs keeps the
// ratings by their own stamp: a late profile never brings back an older average, and a late rating never brings
// back an older name. The restaurant reads both on its applicant card.
const h = useHarness();

/** Publish as identity would have at `at` (a late delivery of an older event, when `at` is in the past). */
async function publishAt<T extends EventType>(h: Harness, type: T, data: EventInput<T>, at: Date) {
  const id = randomUUID();
  await h.bus.bus.publish({ id, type, occurred_at: at.toISOString(), producer: 'identity', data });
  await eventually(async () =>
    expect(
      await h.database.rows(sql`select 1 from jobs.processed_events where event_id = ${id}`),
    ).toHaveLength(1),
  );
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/** `s` seconds after `t` */
const after = (t: Date, s: number) => new Date(t.getTime() + s * 1_000);

const chefProfile = (
  chef: { id: string; profileId: string },
  name: string,
  average: number | null,
  total: number,
) => chefProfileData(chef, { name, average_rating: average, total_ratings: total });

const rating = (chef: { id: string; profileId: string }, average: number | null, total: number) => ({
  user_id: chef.id,
  profile_id: chef.profileId,
  user_type: 'chef' as const,
  average_rating: average,
  total_ratings: total,
});

/** The chef as the restaurant's applicant card shows them: name, average and count. */
async function card(r: Awaited<ReturnType<typeof restaurantWithProfile>>, jobId: string, chefId: string) {
  const job = (await r.api.get(`/jobs/${jobId}`)).body.job;
  const p = job.applications.find((a: { chef_id: string }) => a.chef_id === chefId).chef_profiles;
  return [p.name, p.average_rating, p.total_ratings];
}

test('a rating moves the applicant card; a late whole profile keeps it, a late rating keeps the new name', async () => {
  const r = await restaurantWithProfile(h, 'Rated Grill');
  const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const job = await openJob(h, r);
  expect((await chef.api.post(`/jobs/${job.id}/apply`)).status).toBe(201);
  expect(await card(r, job.id, chef.id)).toEqual(['Ana Ruiz', null, 0]);
  const saved = new Date(); // the profile above was announced before this

  await publishAt(h, 'identity.rating.changed.v1', rating(chef, 5, 1), after(saved, 2));
  expect(await card(r, job.id, chef.id)).toEqual(['Ana Ruiz', 5, 1]);

  // A profile saved before that rating (renamed), delivered late: the name is newer than the one kept, its
  // figures are not.
  await publishAt(
    h,
    'identity.chef_profile.updated.v1',
    chefProfile(chef, 'Ana R. Ruiz', null, 0),
    after(saved, 1),
  );
  expect(await card(r, job.id, chef.id)).toEqual(['Ana R. Ruiz', 5, 1]);

  // A profile saved later carries the figures as of then; a rating from before it, delivered late, changes nothing.
  await publishAt(
    h,
    'identity.chef_profile.updated.v1',
    chefProfile(chef, 'Ana Ruiz', 4, 2),
    after(saved, 4),
  );
  await publishAt(h, 'identity.rating.changed.v1', rating(chef, 3, 1), after(saved, 3));
  expect(await card(r, job.id, chef.id)).toEqual(['Ana Ruiz', 4, 2]);

  // The next rating moves it again.
  await publishAt(h, 'identity.rating.changed.v1', rating(chef, 4.33, 3), after(saved, 5));
  expect(await card(r, job.id, chef.id)).toEqual(['Ana Ruiz', 4.33, 3]);
});

test('a rating that comes before its profile is kept until the profile comes', async () => {
  // A restaurant whose profile jobs has not seen yet, rated first; its profile (saved earlier) comes after.
  const other = { id: randomUUID(), profileId: randomUUID() };
  await publishAt(
    h,
    'identity.rating.changed.v1',
    { ...rating(other, 4.5, 2), user_type: 'restaurant' },
    ago(1),
  );
  await publishAt(
    h,
    'identity.restaurant_profile.updated.v1',
    {
      profile_id: other.profileId,
      user_id: other.id,
      name: 'Late Profile Diner',
      description: '',
      address: '2 Main St',
      city: 'Minneapolis',
      state: 'MN',
      latitude: 44.98,
      longitude: -93.27,
      logo_url: null,
      cuisine_types: ['Diner'],
      average_rating: null,
      total_ratings: 0,
      language_preference: 'en',
    },
    ago(5),
  );
  const [kept] = await h.database.rows(
    sql`select name, average_rating, total_ratings from jobs.restaurant_profiles where user_id = ${other.id}`,
  );
  expect(kept).toEqual({ name: 'Late Profile Diner', average_rating: 4.5, total_ratings: 2 });
});
