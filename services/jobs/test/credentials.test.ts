import { randomUUID } from 'node:crypto';
import { credentialEndsAt, localDate } from '@brigade/contracts';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  laterShift,
  openJob,
  publish,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  type User,
} from './harness';

// Issue 39: a shift may require credentials (`required_credentials`). Jobs keeps the chefs' verified ones from
// identity's events; a chef without a verified, unexpired one of each required type sees the shift but cannot
// apply, book now, take an offer or stand by (403 JOBS.CREDENTIAL_REQUIRED, with what is missing), is not
// offered it, and is not texted about it. A credential stops counting at 00:00 of its expiry day in the chef's
// city (Minneapolis here), and at once when revoked. INSTANT_BOOK_MIN_SHIFTS is 0: every clean chef may book now.
const h = useHarness({ env: { INSTANT_BOOK_MIN_SHIFTS: '0' } });

const ZONE = 'America/Chicago';
const DAY = 86_400_000;
const inDays = (days: number) => localDate(new Date(h.clock.now().getTime() + days * DAY), ZONE);

/** identity verified a credential of the chef's (as its relay would publish it); returns its id. */
async function verify(chef: User, type = 'food_handler', expiresOn = inDays(365)) {
  const id = randomUUID();
  await publish(h, 'identity.credential.verified.v1', {
    chef_id: chef.id,
    credential_id: id,
    type: type as 'food_handler',
    expires_on: expiresOn,
    verified_at: new Date().toISOString(),
  });
  await eventually(async () => {
    const rows = await h.database.rows(sql`select 1 from jobs.chef_credentials where credential_id = ${id}`);
    expect(rows).toHaveLength(1);
  });
  return id;
}

async function revoke(chef: User, credentialId: string, type = 'food_handler') {
  await publish(h, 'identity.credential.revoked.v1', {
    chef_id: chef.id,
    credential_id: credentialId,
    type: type as 'food_handler',
    expires_on: inDays(365),
    reason: 'The county cancelled it',
    revoked_at: new Date().toISOString(),
  });
  await eventually(async () => {
    const rows = await h.database.rows<{ status: string }>(
      sql`select status from jobs.chef_credentials where credential_id = ${credentialId}`,
    );
    expect(rows[0]?.status).toBe('revoked');
  });
}

const REQUIRED = { status: 403, body: { code: 'JOBS.CREDENTIAL_REQUIRED', missing: ['food_handler'] } };

test('a posting stores its required credentials once each, in the list order; an unknown one is a 400', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r, {
    required_credentials: ['alcohol_server', 'food_handler', 'alcohol_server'],
  });
  expect(job.required_credentials).toEqual(['food_handler', 'alcohol_server']);
  const plain = await openJob(h, r, laterShift(8));
  expect(plain.required_credentials).toEqual([]);
  const refused = await r.api.post('/jobs', {
    ...laterShift(16),
    title: 'Line Cook',
    hourlyRate: 20,
    required_credentials: ['forklift'],
  });
  expect(refused).toMatchObject({
    status: 400,
    body: { code: 'VALIDATION.FAILED', error: 'Unknown credential type' },
  });

  // an edit changes them (words: no money moves, nobody booked is asked)
  const edited = await r.api.patch(`/jobs/${plain.id}`, { required_credentials: ['allergen_awareness'] });
  expect(edited.status).toBe(200);
  expect(edited.body.job.required_credentials).toEqual(['allergen_awareness']);
  expect(edited.body.quote).toMatchObject({ charge_cents: 0, refund_cents: 0 });
  // the chefs' list shows them on the shift
  const chef = await chefWithProfile(h);
  const listed = (await chef.api.get('/jobs?near=all&limit=200')).body.jobs.find((j: any) => j.id === job.id);
  expect(listed.required_credentials).toEqual(['food_handler', 'alcohol_server']);
});

test('a template passes its credentials on to a series, and the series to what it posts', async () => {
  const r = await restaurantWithProfile(h);
  const saved = await r.api.post('/shift-templates', {
    name: 'Bar close',
    title: 'Bartender',
    startTime: '18:00',
    endTime: '23:00',
    hourlyRate: 22,
    required_credentials: ['alcohol_server'],
  });
  expect(saved.status).toBe(201);
  expect(saved.body.template.required_credentials).toEqual(['alcohol_server']);
  const series = await r.api.post('/jobs/series', {
    templateId: saved.body.template.id,
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    until: inDays(20),
  });
  expect(series.status).toBe(201);
  expect(series.body.series.required_credentials).toEqual(['alcohol_server']);
  // the occurrences within SERIES_CHARGE_LEAD are posted by the rules loop
  const id = series.body.series.id;
  const posted = await eventually(async () => {
    const rows = await h.database.rows<{ required_credentials: unknown }>(
      sql`select j.required_credentials from jobs.series_occurrences o join jobs.jobs j on j.id = o.job_id
           where o.series_id = ${id}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
  for (const row of posted)
    expect(
      typeof row.required_credentials === 'string'
        ? JSON.parse(row.required_credentials)
        : row.required_credentials,
    ).toEqual(['alcohol_server']);
  const changed = await r.api.patch(`/jobs/series/${series.body.series.id}`, { required_credentials: [] });
  expect(changed.body.series.required_credentials).toEqual([]);
});

test('a chef without it sees the shift and what is missing, but cannot apply, book now, be offered it or stand by', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r, { required_credentials: ['food_handler'], instant_book: true });
  const ana = await chefWithProfile(h, { language: 'es' });

  const page = (await ana.api.get(`/jobs/${job.id}`)).body.job;
  expect(page).toMatchObject({
    required_credentials: ['food_handler'],
    missing_credentials: ['food_handler'],
    can_book_now: false,
  });
  const applied = await ana.api.post(`/jobs/${job.id}/apply`);
  expect(applied).toMatchObject({ ...REQUIRED, body: { ...REQUIRED.body, add_url: '/credentials' } });
  expect(applied.body.error).toContain('Tarjeta de manipulador de alimentos');
  expect(await ana.api.post(`/jobs/${job.id}/book`)).toMatchObject(REQUIRED);
  const offered = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: ana.id });
  expect(offered).toMatchObject(REQUIRED);
  expect(offered.body.error).toContain('This chef has no verified credential');
  expect(offered.body.add_url).toBeUndefined();

  // standby on the shift once it filled
  const ben = await chefWithProfile(h);
  await verify(ben);
  await bookChef(job, r, ben);
  expect(await ana.api.post(`/jobs/${job.id}/standby`)).toMatchObject(REQUIRED);
  const stored = await h.database.rows(
    sql`select 1 from jobs.applications a where a.job_id = ${job.id} and a.chef_id = ${ana.id}
        union all select 1 from jobs.standby s where s.job_id = ${job.id} and s.chef_id = ${ana.id}
        union all select 1 from jobs.offers o where o.job_id = ${job.id} and o.chef_id = ${ana.id}`,
  );
  expect(stored).toEqual([]);
});

test('a verified chef applies; the applicant cards show the badge; an offer taken after a revocation is refused', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r, { required_credentials: ['food_handler'], headcount: 2 });
  const ana = await chefWithProfile(h, { name: 'Ana Holder' });
  await verify(ana);
  await verify(ana, 'allergen_awareness');
  expect((await ana.api.get(`/jobs/${job.id}`)).body.job.missing_credentials).toEqual([]);
  const applied = await ana.api.post(`/jobs/${job.id}/apply`);
  expect(applied.status).toBe(201);

  const owner = (await r.api.get(`/jobs/${job.id}`)).body.job;
  expect(owner.applications[0].chef_profiles.verified_credentials).toEqual([
    'food_handler',
    'allergen_awareness',
  ]);
  const list = (await r.api.get(`/applications?jobId=${job.id}`)).body.applications;
  expect(list[0].chef_profiles.verified_credentials).toEqual(['food_handler', 'allergen_awareness']);

  // offered while she held it, refused when she takes it after a revocation
  const bo = await chefWithProfile(h);
  const credential = await verify(bo);
  const offer = await r.api.post(`/jobs/${job.id}/offers`, { chef_id: bo.id });
  expect(offer.status).toBe(201);
  await revoke(bo, credential);
  expect(await bo.api.post(`/offers/${offer.body.offer.id}/accept`)).toMatchObject(REQUIRED);
  expect((await bo.api.get(`/jobs/${job.id}`)).body.job.missing_credentials).toEqual(['food_handler']);
  // a revocation heard before its verification keeps it revoked
  const cleo = await chefWithProfile(h);
  const early = randomUUID();
  await revoke(cleo, early);
  const late = await publish(h, 'identity.credential.verified.v1', {
    chef_id: cleo.id,
    credential_id: early,
    type: 'food_handler',
    expires_on: inDays(365),
    verified_at: new Date().toISOString(),
  });
  await eventually(async () => {
    const handled = await h.database.rows(sql`select 1 from jobs.processed_events where event_id = ${late}`);
    expect(handled).toHaveLength(1);
  });
  expect(await cleo.api.post(`/jobs/${job.id}/apply`)).toMatchObject(REQUIRED);
});

test("a credential stops counting at 00:00 of its expiry day in the chef's city: a confirmation then is refused", async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r, { ...laterShift(24), required_credentials: ['food_handler'] });
  const ana = await chefWithProfile(h);
  const tomorrow = inDays(1);
  await verify(ana, 'food_handler', tomorrow);
  const appId = (await ana.api.post(`/jobs/${job.id}/apply`)).body.application.id;
  expect((await r.api.patch(`/applications/${appId}`, { status: 'accepted' })).status).toBe(200);

  const ends = credentialEndsAt(tomorrow, ZONE).getTime();
  h.clock.advance(ends - 60_000 - h.clock.now().getTime());
  expect((await ana.api.get(`/jobs/${job.id}`)).body.job.missing_credentials).toEqual([]);
  h.clock.advance(ends - h.clock.now().getTime());
  expect((await ana.api.get(`/jobs/${job.id}`)).body.job.missing_credentials).toEqual(['food_handler']);
  expect(await ana.api.post(`/applications/${appId}/confirm`, { confirmed: true })).toMatchObject(REQUIRED);
  const card = (await r.api.get(`/jobs/${job.id}`)).body.job.applications[0].chef_profiles;
  expect(card.verified_credentials).toEqual([]);
});

test('the fill engine texts only chefs who hold them, and passes over a standby chef who no longer does', async () => {
  const r = await restaurantWithProfile(h);
  const holder = await chefWithProfile(h);
  const lacking = await chefWithProfile(h);
  await verify(holder);
  const job = await openJob(h, r, { ...laterShift(30), required_credentials: ['food_handler'] });
  const opened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id);
  const told = opened.alerts.map((a: any) => a.chef_id);
  expect(told).toContain(holder.id);
  expect(told).not.toContain(lacking.id);

  // the seat reopens: a standby chef whose credential was revoked meanwhile is not offered it
  const ana = await chefWithProfile(h);
  await verify(ana);
  const appId = await bookChef(job, r, ana);
  const ben = await chefWithProfile(h);
  const bens = await verify(ben);
  expect((await ben.api.post(`/jobs/${job.id}/standby`)).status).toBe(201);
  await revoke(ben, bens);
  expect((await ana.api.del(`/applications/${appId}`)).status).toBe(200);
  expect((await ben.api.get('/offers')).body.offers).toEqual([]);
  const reopened = await waitForEvent(h, 'jobs.job.opened.v1', (d) => d.job_id === job.id && d.reopened);
  const toldAgain = reopened.alerts.map((a: any) => a.chef_id);
  expect(toldAgain).not.toContain(ben.id);
  expect(toldAgain).toContain(holder.id);
});
