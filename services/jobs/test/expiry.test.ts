import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  publish,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  user,
  waitForEvent,
  written,
} from './harness';

// Nobody confirmed by the start: the rules loop (polling every 50 ms here) expires the shift. Shifts start
// 23-24 hours from now; the injected clock moves 25 hours to let them start.
const h = useHarness();

const pastStart = () => h.clock.advance(25 * HOUR);

async function statusOf(who: { api: any }, jobId: string, expected: string) {
  await eventually(async () => expect((await who.api.get(`/jobs/${jobId}`)).body.job.status).toBe(expected));
}

describe('a shift nobody confirmed by its start expires', () => {
  test('paid: pending and accepted applications lapse, a full refund is due, and it reads as expired', async () => {
    const r = await restaurantWithProfile(h);
    const accepted = await chefWithProfile(h);
    const pending = await chefWithProfile(h);
    const declined = await chefWithProfile(h);
    const job = await openJob(h, r);
    const declinedApp = await bookChef(job, r, declined, false);
    await declined.api.post(`/applications/${declinedApp}/confirm`, { confirmed: false });
    const acceptedApp = await bookChef(job, r, accepted, false);
    const pendingApp = (await pending.api.post(`/jobs/${job.id}/apply`)).body.application.id;
    const restaurantTag = (await r.api.get('/jobs')).headers.get('etag')!;
    const chefTag = (await accepted.api.get('/applications')).headers.get('etag')!;

    pastStart();
    await statusOf(r, job.id, 'expired');
    const ev = await waitForEvent(h, 'jobs.job.expired.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({ previous_status: 'open', refund_due: true, restaurant_id: r.id });
    expect([...ev.lapsed_chef_ids].sort()).toEqual([accepted.id, pending.id].sort());
    const seen = (await r.api.get(`/jobs/${job.id}`)).body.job;
    expect(seen).toMatchObject({ status: 'expired', payment_status: 'held_in_escrow', cancellation: null });
    const byId = Object.fromEntries(seen.applications.map((a: any) => [a.id, a]));
    expect(byId[acceptedApp]).toMatchObject({ status: 'lapsed', worker_confirmed: null });
    expect(byId[pendingApp].status).toBe('lapsed');
    expect(byId[declinedApp]).toMatchObject({ status: 'accepted', worker_confirmed: false });
    // the lists polled with their old ETags move; the chef sees the shift as expired in My Shifts
    expect((await r.api.get('/jobs', { 'if-none-match': restaurantTag })).status).toBe(200);
    const apps = await accepted.api.get('/applications', { 'if-none-match': chefTag });
    expect(apps.status).toBe(200);
    expect(apps.body.applications[0]).toMatchObject({
      status: 'lapsed',
      job_postings: { status: 'expired' },
    });
    expect((await accepted.api.get('/jobs?status=expired')).body.jobs.map((j: any) => j.id)).toEqual([
      job.id,
    ]);
    // nobody can act on it any more
    expect((await pending.api.del(`/applications/${pendingApp}`)).body.code).toBe('JOBS.SHIFT_STARTED');
    expect((await r.api.post(`/jobs/${job.id}/cancel`, {})).status).toBe(409);

    // payments refunds it in full
    await publish(h, 'payments.escrow.refunded.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      refund_id: 're_expired',
      amount_cents: job.total_cents,
      reason: 'job_expired',
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${job.id}`)).body.job.payment_status).toBe('refunded'),
    );
    expect(await written(h, 'jobs.job.expired.v1', job.id)).toBe(1);
  });

  test('unpaid (awaiting payment or failed): it expires with nothing to refund; a payment landing later is asked back', async () => {
    const r = await user(h, 'restaurant');
    const unpaid = (await r.api.post('/jobs', shiftForm())).body.job;
    const failed = (await r.api.post('/jobs', shiftForm())).body.job;
    await publish(h, 'payments.escrow.failed.v1', {
      job_id: failed.id,
      restaurant_id: r.id,
      payment_intent_id: null,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await statusOf(r, failed.id, 'payment_failed');

    pastStart();
    await statusOf(r, unpaid.id, 'expired');
    await statusOf(r, failed.id, 'expired');
    const a = await waitForEvent(h, 'jobs.job.expired.v1', (d) => d.job_id === unpaid.id);
    expect(a).toMatchObject({ previous_status: 'pending_payment', refund_due: false, lapsed_chef_ids: [] });
    const b = await waitForEvent(h, 'jobs.job.expired.v1', (d) => d.job_id === failed.id);
    expect(b).toMatchObject({ previous_status: 'payment_failed', refund_due: false });

    // the card went through after all, once the shift had expired: the money goes straight back
    await publish(h, 'payments.escrow.held.v1', {
      job_id: unpaid.id,
      restaurant_id: r.id,
      payment_intent_id: 'pi_after_expiry',
      amount_cents: unpaid.total_cents,
    });
    const refund = await waitForEvent(
      h,
      'jobs.job.expired.v1',
      (d) => d.job_id === unpaid.id && d.refund_due === true,
    );
    expect(refund.previous_status).toBe('expired');
    expect((await r.api.get(`/jobs/${unpaid.id}`)).body.job).toMatchObject({
      status: 'expired',
      payment_status: 'held_in_escrow',
    });
  });

  test('a filled shift does not expire, and one that has not started yet is left alone', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const filled = await openJob(h, r);
    await bookChef(filled, r, chef);
    const later = await openJob(h, r, {
      startTime: new Date(Date.now() + 48 * HOUR).toISOString(),
      endTime: new Date(Date.now() + 52 * HOUR).toISOString(),
    });
    const marker = await openJob(h, r);
    pastStart();
    await statusOf(r, marker.id, 'expired'); // the loop has passed over all three
    expect((await r.api.get(`/jobs/${filled.id}`)).body.job.status).toBe('filled');
    expect((await r.api.get(`/jobs/${later.id}`)).body.job.status).toBe('open');
    expect(await written(h, 'jobs.job.expired.v1', filled.id)).toBe(0);
    expect(await written(h, 'jobs.job.expired.v1', later.id)).toBe(0);
  });
});
