import { sql } from '@brigade/kit';
import type { JobsServiceHandle } from '../src/app';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  written,
} from './harness';

// Two jobs instances run the rules over one database at once (in real mode: PostgreSQL, where the claims
// really contend): each shift expires once, each checkout deadline is settled once, each fact recorded once.
const h = useHarness({ env: { CHECKOUT_DEADLINE: '2h' } });

let other: JobsServiceHandle;

test('two instances passing over the same due shifts at once fire each rule exactly once', async () => {
  other = await h.anotherInstance();
  const r = await restaurantWithProfile(h);
  const chefs = await Promise.all([0, 1, 2, 3].map(() => chefWithProfile(h)));
  const expiring = [];
  for (let i = 0; i < 4; i++) {
    const job = await openJob(h, r);
    await chefs[i].api.post(`/jobs/${job.id}/apply`);
    expiring.push(job);
  }
  expiring.push((await r.api.post('/jobs', shiftForm())).body.job); // unpaid
  const deadlines = [];
  for (let i = 0; i < 4; i++) {
    const job = await openJob(h, r);
    deadlines.push({ job, appId: await bookChef(job, r, chefs[i]) });
  }
  // Both loops wait while the clock moves past every start and every checkout deadline...
  await Promise.all([h.service.rules.stop(), other.rules.stop()]);
  h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
  for (const { appId } of deadlines.slice(0, 2))
    expect(
      (await r.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true })).status,
    ).toBe(200);
  h.clock.advance(6 * HOUR);

  // ...then both instances pass over the same due shifts at the same time.
  const handled = await Promise.all([
    h.service.rules.pass(),
    other.rules.pass(),
    other.rules.pass(),
    h.service.rules.pass(),
  ]);
  expect(handled.reduce((a, b) => a + b, 0)).toBe(expiring.length + deadlines.length);
  h.service.rules.start();
  other.rules.start();
  expect(await Promise.all([h.service.rules.pass(), other.rules.pass()])).toEqual([0, 0]);

  for (const job of expiring) {
    expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(1);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('expired');
  }
  for (const { job } of deadlines) {
    expect(await written(h, 'jobs.checkout.deadline_passed.v1', job.id)).toBe(1);
    expect(await written(h, 'jobs.reliability.recorded.v1', job.id)).toBe(2); // both completed a shift
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('completed');
  }
  const lapsed = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs.applications where status = 'lapsed'`,
  );
  expect(Number(lapsed[0].n)).toBe(4);
  // and every event reached the bus once the relays of both instances ran
  await eventually(async () => {
    const unpublished = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs.outbox where published_at is null`,
    );
    expect(Number(unpublished[0].n)).toBe(0);
  });
});

test('a pass that dies in the middle of a shift leaves it untouched, and the next pass fires the rule once', async () => {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const job = await openJob(h, r);
  const appId = (await chef.api.post(`/jobs/${job.id}/apply`)).body.application.id;
  await Promise.all([h.service.rules.stop(), other.rules.stop()]);
  // The process "dies" after the job and its application were changed, as the expiry event is written.
  await h.database.rows(sql`create function jobs.die_mid_pass() returns trigger language plpgsql as $$
    begin if new.type = 'jobs.job.expired.v1' then raise exception 'killed mid-pass'; end if; return new; end $$`);
  await h.database.rows(sql`create trigger die_mid_pass before insert on jobs.outbox
    for each row execute function jobs.die_mid_pass()`);
  try {
    h.clock.advance(25 * HOUR);
    await expect(h.service.rules.pass()).rejects.toThrow();
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
    expect((await chef.api.get(`/applications/${appId}`)).body.application.status).toBe('pending');
    expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(0);
  } finally {
    await h.database.rows(sql`drop trigger die_mid_pass on jobs.outbox`);
    await h.database.rows(sql`drop function jobs.die_mid_pass()`);
  }
  // restarted: the next pass (this instance's or the other's) expires it, once
  h.service.rules.start();
  other.rules.start();
  await eventually(async () => expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(1));
  expect(await h.service.rules.pass()).toBe(0);
  expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(1);
  expect((await chef.api.get(`/applications/${appId}`)).body.application.status).toBe('lapsed');
});
