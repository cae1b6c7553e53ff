import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually, HOUR, openJob, publish, restaurantWithProfile, shiftForm, useHarness } from './harness';

// Issue 38 (ADR 0035): a lost card dispute flags its restaurant (payments.card_dispute.closed.v1, lost): it
// cannot post (POST /jobs, a series, book again) until it pays it back (payments.card_dispute.settled.v1).

const h = useHarness();

test('a lost card dispute keeps the restaurant from posting until it is settled; a won one never does', async () => {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const lost = {
    dispute_id: `dp_${randomUUID().slice(0, 8)}`,
    job_id: job.id,
    restaurant_id: r.id,
    amount_cents: 9_630,
  };
  await publish(h, 'payments.card_dispute.closed.v1', {
    ...lost,
    dispute_id: `dp_won_${randomUUID().slice(0, 8)}`,
    outcome: 'won',
  });
  const eventId = await publish(h, 'payments.card_dispute.closed.v1', { ...lost, outcome: 'lost' });
  // Delivered twice: one flag.
  await h.bus.bus.publish({
    id: eventId,
    type: 'payments.card_dispute.closed.v1',
    occurred_at: new Date().toISOString(),
    producer: 'payments',
    data: { ...lost, outcome: 'lost' },
  });
  await eventually(async () => {
    const refused = await r.api.post('/jobs', shiftForm());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'JOBS.CARD_DISPUTE_UNSETTLED',
      owed_cents: 9_630,
      settle_url: '/card-disputes',
    });
    expect(refused.body.error).toContain('$96.30');
  });
  const repeat = await r.api.post(`/jobs/${job.id}/repeat`, { dates: ['2099-01-01'] });
  expect(repeat).toMatchObject({ status: 403, body: { code: 'JOBS.CARD_DISPUTE_UNSETTLED' } });
  const series = await r.api.post('/jobs/series', {
    title: 'Line Cook',
    startTime: '10:00',
    endTime: '14:00',
    hourlyRate: 20,
    weekdays: ['mon'],
    until: '2099-01-01',
  });
  expect(series).toMatchObject({ status: 403, body: { code: 'JOBS.CARD_DISPUTE_UNSETTLED' } });
  // Another restaurant posts as usual.
  const other = await restaurantWithProfile(h, 'Other Kitchen');
  expect((await other.api.post('/jobs', shiftForm())).status).toBe(201);

  await publish(h, 'payments.card_dispute.settled.v1', lost);
  await eventually(async () => expect((await r.api.post('/jobs', shiftForm())).status).toBe(201));
});

test('a series made before the dispute is lost posts nothing while it is unpaid: its due occurrence is skipped', async () => {
  const r = await restaurantWithProfile(h);
  const day = (days: number) =>
    new Date(h.clock.now().getTime() + days * 24 * HOUR).toISOString().slice(0, 10);
  // Three weekly evenings from ten days on: none within SERIES_CHARGE_LEAD (7 days) yet.
  const dates = [day(10), day(17), day(24)];
  const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][
    new Date(`${dates[0]}T12:00:00Z`).getUTCDay()
  ];
  const created = await r.api.post('/jobs/series', {
    title: 'Line Cook',
    startTime: '18:00',
    endTime: '23:00',
    hourlyRate: 20,
    weekdays: [weekday],
    from: dates[0],
    until: dates[2],
  });
  expect(created.status).toBe(201);
  const seriesId = created.body.series.id as string;
  const lost = {
    dispute_id: `dp_${randomUUID().slice(0, 8)}`,
    job_id: (await openJob(h, r)).id,
    restaurant_id: r.id,
    amount_cents: 5_350,
  };
  await publish(h, 'payments.card_dispute.closed.v1', { ...lost, outcome: 'lost' });
  await eventually(async () => expect((await r.api.post('/jobs', shiftForm())).status).toBe(403));
  const postedOf = async () =>
    (
      await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from jobs.jobs where series_id = ${seriesId}`,
      )
    )[0].n;
  const statuses = async () =>
    ((await r.api.get(`/jobs/series/${seriesId}`)).body.series.occurrences as Array<{ status: string }>).map(
      (o) => o.status,
    );

  // The first evening comes within the lead: skipped, nothing posted or charged.
  h.clock.advance(4 * 24 * HOUR);
  await h.service.rules.pass();
  await eventually(async () => expect(await statuses()).toEqual(['skipped', 'scheduled', 'scheduled']));
  expect(await postedOf()).toBe(0);

  // Paid back: the next evening is posted as usual.
  await publish(h, 'payments.card_dispute.settled.v1', lost);
  // (a shift a day after the service's clock, which the test moved)
  const start = new Date(h.clock.now().getTime() + 24 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const tomorrow = shiftForm({
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
  });
  await eventually(async () => expect((await r.api.post('/jobs', tomorrow)).status).toBe(201));
  h.clock.advance(7 * 24 * HOUR);
  await h.service.rules.pass();
  await eventually(async () => expect(await statuses()).toEqual(['skipped', 'posted', 'scheduled']));
  expect(await postedOf()).toBe(1);
});
