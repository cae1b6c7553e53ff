import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  written,
} from './harness';

// An operator suspended a user (identity.user.suspended.v1): jobs unwinds what they had going by the usual
// rules, on their behalf (cancelled_by system). LATE_CANCEL_WINDOW is the default 24h; the shifts here start
// 48 hours away (outside it), so "late" can only come from the suspension rule.
const h = useHarness();

function at(hoursAhead: number, lengthHours = 4) {
  const start = new Date(Date.now() + hoursAhead * HOUR);
  start.setUTCMinutes(0, 0, 0);
  return {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + lengthHours * HOUR).toISOString(),
  };
}

async function suspend(userId: string, userType: 'chef' | 'restaurant', eventId = randomUUID()) {
  const data = {
    user_id: userId,
    user_type: userType,
    reason: 'Repeated no-shows',
    operator_id: randomUUID(),
    suspended_at: new Date().toISOString(),
  };
  await h.bus.bus.publish({
    id: eventId,
    type: 'identity.user.suspended.v1',
    occurred_at: new Date().toISOString(),
    producer: 'identity',
    data,
  });
  return eventId;
}

async function outboxCount(): Promise<number> {
  const rows = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from jobs.outbox`);
  return Number(rows[0].n);
}

test('a suspended chef: pending and accepted applications withdrawn, a confirmed shift cancelled late by them', async () => {
  const chef = await chefWithProfile(h);
  const r = await restaurantWithProfile(h);
  // at three times: one chef holds one shift at a time (issue 32)
  const pendingJob = await openJob(h, r, at(48));
  const acceptedJob = await openJob(h, r, at(56));
  const confirmedJob = await openJob(h, r, at(64));
  expect((await chef.api.post(`/jobs/${pendingJob.id}/apply`)).status).toBe(201);
  await bookChef(acceptedJob, r, chef, false);
  await bookChef(confirmedJob, r, chef, true);

  const eventId = await suspend(chef.id, 'chef');
  await eventually(async () => {
    const apps = await chef.api.get('/applications');
    expect(apps.body.applications.map((a: any) => a.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });
  const cancelled = (jobId: string) =>
    published(h, 'jobs.application.cancelled.v1', (d) => d.job_id === jobId && d.chef_id === chef.id);
  // Each withdrawal is its own transaction and the relay publishes them as it wakes: wait for all three.
  await eventually(() => {
    for (const job of [pendingJob, acceptedJob, confirmedJob]) expect(cancelled(job.id)).toHaveLength(1);
  });
  expect(cancelled(pendingJob.id)[0]).toMatchObject({
    cancelled_by: 'system',
    was_accepted: false,
    late: false,
  });
  expect(cancelled(acceptedJob.id)[0]).toMatchObject({
    cancelled_by: 'system',
    was_accepted: true,
    late: false,
  });
  expect(cancelled(confirmedJob.id)[0]).toMatchObject({
    cancelled_by: 'system',
    was_accepted: true,
    was_confirmed: true,
    late: true,
  });
  // The confirmed shift reopened and went out again as urgent; the late cancellation is on the chef's record.
  expect((await r.api.get(`/jobs/${confirmedJob.id}`)).body.job.status).toBe('open');
  await eventually(() =>
    expect(
      published(h, 'jobs.job.opened.v1', (d) => d.job_id === confirmedJob.id && d.reopened === true)[0],
    ).toMatchObject({ announce_as_urgent: true }),
  );
  const facts = await h.database.rows<{ kind: string; job_id: string }>(
    sql`select kind, job_id from jobs.reliability_records where user_id = ${chef.id}`,
  );
  expect(facts).toEqual([{ kind: 'late_cancellations', job_id: confirmedJob.id }]);

  // Delivered again (the same event, and a second suspension event): nothing more changes.
  const before = await outboxCount();
  await suspend(chef.id, 'chef', eventId);
  await suspend(chef.id, 'chef');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await outboxCount()).toBe(before);
});

test('a suspended restaurant: unfilled shifts cancelled with a full refund, booked ones as a late cancellation, started ones left', async () => {
  const r = await restaurantWithProfile(h);
  const chef = await chefWithProfile(h);
  const other = await chefWithProfile(h);
  const applicant = await chefWithProfile(h);
  const unpaid = (await r.api.post('/jobs', shiftForm(at(48)))).body.job;
  const unfilled = await openJob(h, r, at(48));
  expect((await applicant.api.post(`/jobs/${unfilled.id}/apply`)).status).toBe(201);
  // 6 hours at $20: shift pay $120.00; the late-cancellation pay is 4 hours ($80.00), 7% of it kept ($5.60).
  const booked = await openJob(h, r, at(48, 6));
  await bookChef(booked, r, chef, true);
  const accepted = await openJob(h, r, at(48));
  await bookChef(accepted, r, other, false);
  const started = await openJob(h, r, at(2));
  await bookChef(started, r, applicant, true);
  h.clock.advance(3 * HOUR);

  const eventId = await suspend(r.id, 'restaurant');
  const cancelledEvent = (jobId: string) =>
    eventually(() => {
      const found = published(h, 'jobs.job.cancelled.v1', (d) => d.job_id === jobId);
      expect(found).toHaveLength(1);
      return found[0];
    });
  expect(await cancelledEvent(unpaid.id)).toMatchObject({
    cancelled_by: 'system',
    refund_due: false,
    late: false,
    reason: 'account suspended',
  });
  expect(await cancelledEvent(unfilled.id)).toMatchObject({
    cancelled_by: 'system',
    refund_due: true,
    late: false,
    chef_pay_cents: 0,
    fee_cents: 0,
    refund_cents: unfilled.total_cents,
    affected_chef_ids: [applicant.id],
    reason: 'account suspended',
  });
  const late = await cancelledEvent(booked.id);
  expect(late).toMatchObject({
    cancelled_by: 'system',
    refund_due: true,
    late: true,
    chef_id: chef.id,
    chef_pay_cents: 8000,
    fee_cents: 560,
    refund_cents: 12840 - 8000 - 560,
    reason: 'account suspended',
  });
  expect(late.chef_pay_cents + late.fee_cents + late.refund_cents).toBe(booked.total_cents);
  const acceptedEvent = await cancelledEvent(accepted.id);
  expect(acceptedEvent).toMatchObject({
    late: true,
    chef_id: other.id,
    chef_pay_cents: 8000,
    refund_cents: 0,
  });
  expect(acceptedEvent.chef_pay_cents + acceptedEvent.fee_cents + acceptedEvent.refund_cents).toBe(
    accepted.total_cents,
  );

  // The started shift is left to checkout.
  expect((await r.api.get(`/jobs/${started.id}`)).body.job.status).toBe('filled');
  expect(await written(h, 'jobs.job.cancelled.v1', started.id)).toBe(0);
  const job = (await r.api.get(`/jobs/${booked.id}`)).body.job;
  expect(job).toMatchObject({
    status: 'cancelled',
    cancellation: { cancelled_by: 'system', late: true, chef_pay_cents: 8000, reason: 'account suspended' },
  });
  const facts = await h.database.rows<{ kind: string; job_id: string }>(
    sql`select kind, job_id from jobs.reliability_records where user_id = ${r.id} order by job_id`,
  );
  expect(facts.map((f) => f.kind)).toEqual(['late_cancellations', 'late_cancellations']);
  expect(facts.map((f) => f.job_id).sort()).toEqual([booked.id, accepted.id].sort());

  const before = await outboxCount();
  await suspend(r.id, 'restaurant', eventId);
  await suspend(r.id, 'restaurant');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await outboxCount()).toBe(before);
});
