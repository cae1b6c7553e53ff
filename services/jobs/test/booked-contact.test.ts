import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  publish,
  restaurantWithProfile,
  setPayouts,
  user,
  useHarness,
  type User,
} from './harness';

// Issue 32, "the owner sees who is coming": the restaurant's view of a booked shift shows its chef (name, photo,
// reliability, languages) and, from CONTACT_WINDOW (24 h) before the start until the checkout deadline, the
// chef's verified phone; the chef sees the restaurant's the same way. Jobs keeps the phones from identity's
// user events. The server decides: outside the window, in lists, and to anyone else the phone is never sent.
// CHECKOUT_DEADLINE is 2 hours here; the shifts start 30 hours ahead and last 4 hours.
const h = useHarness({ env: { CHECKOUT_DEADLINE: '2h' } });

const CHEF_PHONE = '+16125550142';
const RESTAURANT_PHONE = '+13135550177';
const PHOTO = '/api/uploads/5b0c1e6e-0000-4000-8000-000000000001';

/** identity.user.updated.v1 as identity writes it when a phone is verified. */
async function verifiedPhone(u: User, type: 'chef' | 'restaurant', phone: string) {
  await publish(h, 'identity.user.registered.v1', {
    user_id: u.id,
    email: `${u.id}@example.com`,
    phone,
    user_type: type,
    language_preference: 'en',
    created_at: new Date().toISOString(),
  });
  await publish(h, 'identity.user.updated.v1', {
    user_id: u.id,
    phone,
    phone_verified: true,
    user_type: type,
    language_preference: 'en',
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ phone: string | null }>(
      sql`select phone from jobs.user_phones where user_id = ${u.id}`,
    );
    expect(rows[0]?.phone).toBe(phone);
  });
}

/** A chef who speaks Spanish and English, with a photo, payouts on and a verified phone. */
async function bilingualChef() {
  const chef = await user(h, 'chef', 'es');
  const profileId = randomUUID();
  await publish(h, 'identity.chef_profile.updated.v1', {
    profile_id: profileId,
    user_id: chef.id,
    name: 'Lucía Gómez',
    bio: 'Parrilla y línea.',
    city: 'Minneapolis',
    state: 'MN',
    latitude: 44.9778,
    longitude: -93.265,
    travel_radius: 15,
    skills: ['Line Cook', 'Grill Cook'],
    profile_image_url: PHOTO,
    hourly_rate_min: 20,
    average_rating: 4.8,
    total_ratings: 5,
    language_preference: 'es',
    languages: ['es', 'en'],
  });
  await setPayouts(h, chef.id, true);
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from jobs.chef_profiles where profile_id = ${profileId}`);
    expect(rows).toHaveLength(1);
  });
  await verifiedPhone(chef, 'chef', CHEF_PHONE);
  return { ...chef, profileId };
}

/** A paid shift starting 30 hours from now (6 hours before its contact window opens), 4 hours long. */
async function shiftIn30Hours(r: User) {
  const start = new Date(Date.now() + 30 * HOUR);
  start.setUTCSeconds(0, 0);
  return openJob(h, r, {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
  });
}

const jobOf = async (who: User, id: string) => {
  const reply = await who.api.get(`/jobs/${id}`);
  return { status: reply.status, job: reply.body?.job, text: JSON.stringify(reply.body) };
};

test('the booked chef on the restaurant’s shift: languages, photo, reliability; each side’s phone only from 24 h before the start to the checkout deadline', async () => {
  const r = await restaurantWithProfile(h, 'Loop Diner');
  await verifiedPhone(r, 'restaurant', RESTAURANT_PHONE);
  const chef = await bilingualChef();
  const job = await shiftIn30Hours(r);
  await bookChef(job, r, chef);
  const start = new Date(job.start_time).getTime();
  const window = {
    phone_from: new Date(start - 24 * HOUR).toISOString(),
    phone_until: new Date(start + 4 * HOUR + 2 * HOUR).toISOString(),
  };

  // 30 hours before: the card, but no phone on either side.
  const early = await jobOf(r, job.id);
  const booked = early.job.applications.find((a: any) => a.chef_id === chef.id);
  expect(booked).toMatchObject({ status: 'accepted', worker_confirmed: true });
  expect(booked.chef_profiles).toMatchObject({
    name: 'Lucía Gómez',
    profile_image_url: PHOTO,
    languages: ['es', 'en'],
    reliability: { completed_shifts: 0, late_cancellations: 0, no_shows: 0 },
  });
  expect(early.job.contact).toEqual({ phone: null, ...window });
  expect(early.text).not.toContain(CHEF_PHONE);
  expect((await jobOf(chef, job.id)).job.contact).toEqual({ phone: null, ...window });

  // 23 hours before: each side reads the other's phone.
  h.clock.advance(7 * HOUR);
  expect((await jobOf(r, job.id)).job.contact).toEqual({ phone: CHEF_PHONE, ...window });
  expect((await jobOf(chef, job.id)).job.contact).toEqual({ phone: RESTAURANT_PHONE, ...window });
  // Lists never carry it, in the window or not.
  const lists = [
    await r.api.get('/jobs?status=all'),
    await r.api.get('/applications'),
    await chef.api.get('/applications'),
    await chef.api.get('/jobs?status=all'),
  ];
  for (const list of lists) {
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect([text.includes(CHEF_PHONE), text.includes(RESTAURANT_PHONE), text.includes('"contact"')]).toEqual([
      false,
      false,
      false,
    ]);
  }

  // During the shift and after it, until the checkout deadline, still there.
  h.clock.advance(28 * HOUR); // 5 hours after the start, an hour after the end
  expect((await jobOf(r, job.id)).job.contact.phone).toBe(CHEF_PHONE);
  // Past the checkout deadline: gone again (the shift is settled meanwhile).
  h.clock.advance(90 * 60_000);
  await eventually(async () => expect((await jobOf(r, job.id)).job.status).toBe('completed'));
  expect((await jobOf(r, job.id)).job.contact).toEqual({ phone: null, ...window });
  expect((await jobOf(chef, job.id)).job.contact).toEqual({ phone: null, ...window });
});

test('never to anyone else: another restaurant, a chef turned down, a chef not yet confirmed, a cancelled shift', async () => {
  const r = await restaurantWithProfile(h, 'North Loop');
  await verifiedPhone(r, 'restaurant', RESTAURANT_PHONE);
  const chef = await bilingualChef();
  const other = await chefWithProfile(h, { name: 'Sam Reyes' });
  const job = await shiftIn30Hours(r);
  const otherApp = await other.api.post(`/jobs/${job.id}/apply`);
  expect(otherApp.status).toBe(201);
  // Accepted, not yet confirmed: not booked.
  const appId = await bookChef(job, r, chef, false);
  h.clock.advance(7 * HOUR);
  expect((await jobOf(r, job.id)).job.contact).toBeUndefined();
  expect((await jobOf(chef, job.id)).job.contact).toBeUndefined();
  expect((await chef.api.post(`/applications/${appId}/confirm`, { confirmed: true })).status).toBe(200);
  expect((await jobOf(r, job.id)).job.contact.phone).toBe(CHEF_PHONE);

  // The chef who was turned down when the shift filled, and another restaurant, see no phone.
  const turnedDown = await jobOf(other, job.id);
  expect(turnedDown.status).toBe(200);
  expect(turnedDown.job.contact).toBeUndefined();
  expect(turnedDown.text).not.toContain(RESTAURANT_PHONE);
  const stranger = await restaurantWithProfile(h, 'Elsewhere');
  const refused = await jobOf(stranger, job.id);
  expect(refused.status).toBe(404);
  expect(refused.text).not.toContain(CHEF_PHONE);
  // The other applicant's card in the restaurant's view carries no phone of theirs.
  const view = await jobOf(r, job.id);
  expect(view.text.match(/\+1\d{10}/g)).toEqual([CHEF_PHONE]);

  // A cancelled shift is no longer booked.
  expect((await r.api.post(`/jobs/${job.id}/cancel`, { reason: 'Closed for a leak' })).status).toBe(200);
  expect((await jobOf(r, job.id)).job.contact).toBeUndefined();
  expect((await jobOf(chef, job.id)).job.contact).toBeUndefined();
});

test('a phone that is not verified is never shown; a profile from before languages speaks its account language', async () => {
  const r = await restaurantWithProfile(h, 'Unverified Grill');
  await publish(h, 'identity.user.registered.v1', {
    user_id: r.id,
    email: `${r.id}@example.com`,
    phone: RESTAURANT_PHONE,
    user_type: 'restaurant',
    language_preference: 'en',
    created_at: new Date().toISOString(),
  });
  const chef = await chefWithProfile(h, { name: 'Old Profile' });
  const job = await shiftIn30Hours(r);
  await bookChef(job, r, chef);
  h.clock.advance(7 * HOUR);
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from jobs.user_phones where user_id = ${r.id}`);
    expect(rows).toHaveLength(1);
  });
  const view = await jobOf(chef, job.id);
  expect(view.job.contact.phone).toBeNull();
  expect(view.text).not.toContain(RESTAURANT_PHONE);
  const card = (await jobOf(r, job.id)).job.applications[0].chef_profiles;
  expect(card.languages).toEqual(['en']);
});

test('an older user event arriving late does not undo a verified phone', async () => {
  const chef = await user(h, 'chef');
  await verifiedPhone(chef, 'chef', CHEF_PHONE);
  const late = randomUUID();
  await h.bus.bus.publish({
    id: late,
    type: 'identity.user.registered.v1',
    occurred_at: new Date(Date.now() - HOUR).toISOString(),
    producer: 'identity',
    data: {
      user_id: chef.id,
      email: `${chef.id}@example.com`,
      phone: CHEF_PHONE,
      user_type: 'chef',
      language_preference: 'en',
      created_at: new Date(Date.now() - HOUR).toISOString(),
    },
  });
  // Once the late event is handled, the phone is still the verified one.
  await eventually(async () => {
    const handled = await h.database.rows(sql`select 1 from jobs.processed_events where event_id = ${late}`);
    expect(handled).toHaveLength(1);
  });
  const rows = await h.database.rows<{ phone: string | null }>(
    sql`select phone from jobs.user_phones where user_id = ${chef.id}`,
  );
  expect(rows[0].phone).toBe(CHEF_PHONE);
});

test('a posting of two chefs: the restaurant reads each booked chef’s phone on its seat, only inside the window', async () => {
  const r = await restaurantWithProfile(h, 'Two Burners');
  const [ana, ben] = await Promise.all([chefWithProfile(h), chefWithProfile(h)]);
  await verifiedPhone(ana, 'chef', '+16125550111');
  await verifiedPhone(ben, 'chef', '+16125550122');
  const start = new Date(Date.now() + 30 * HOUR);
  start.setUTCSeconds(0, 0);
  const job = await openJob(h, r, {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
    headcount: 2,
  });
  await bookChef(job, r, ana);
  const phonesOf = async () =>
    (await jobOf(r, job.id)).job.seat_list.map((s: any) => [s.seat_no, s.chef_id, s.phone]);

  // 30 hours before: no phone on any seat.
  expect(await phonesOf()).toEqual([
    [1, ana.id, null],
    [2, null, null],
  ]);
  // Inside the window: each booked seat's own chef's phone; the seat nobody holds has none; chefs never get
  // the seat list.
  h.clock.advance(7 * HOUR);
  await bookChef(job, r, ben);
  expect(await phonesOf()).toEqual([
    [1, ana.id, '+16125550111'],
    [2, ben.id, '+16125550122'],
  ]);
  const anas = await jobOf(ana, job.id);
  expect(anas.job.seat_list).toBeUndefined();
  expect(anas.text).not.toContain('+16125550122');
});
