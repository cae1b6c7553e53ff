import { randomUUID } from 'node:crypto';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  openJob,
  publish,
  published,
  restaurantWithProfile,
  shiftForm,
  useHarness,
  user,
  waitForEvent,
  written,
} from './harness';

// The restaurant's cancellation rules (contracts/src/policy.ts) with LATE_CANCEL_WINDOW shortened to 6 hours:
// shifts start 23-24 hours from now, so they are "early" at first and "late" once the clock moves 20 hours.
const h = useHarness({ env: { LATE_CANCEL_WINDOW: '6h', CANCELLATION_PAY_HOURS: '4' } });

/** 8 hours at $20: the chef's pay $160.00, the fee $11.20, the total charged $171.20. */
function eightHours() {
  const form = shiftForm();
  return { ...form, endTime: new Date(new Date(form.startTime).getTime() + 8 * HOUR).toISOString() };
}
const TOTAL = 17120;
const intoLateWindow = () => h.clock.advance(20 * HOUR);
const pastStart = () => h.clock.advance(25 * HOUR);

describe('the quote before cancelling, and the cancellation by the same rule', () => {
  test('no chef booked: the whole total comes back, fee included, and the job keeps how it was cancelled', async () => {
    const r = await restaurantWithProfile(h);
    const applicant = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await applicant.api.post(`/jobs/${job.id}/apply`);
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      rule: 'no_chef',
      late: false,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: TOTAL,
      reason_text: 'No chef is booked yet: the whole $171.20 goes back to your card.',
    });

    const res = await r.api.post(`/jobs/${job.id}/cancel`, { reason: 'Kitchen flooded' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rule: 'no_chef', late: false, refund_cents: TOTAL });
    expect(res.body.job.status).toBe('cancelled');
    expect(res.body.job.applications[0].status).toBe('cancelled');
    expect(res.body.job.cancellation).toMatchObject({
      cancelled_by: 'restaurant',
      late: false,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: TOTAL,
      reason: 'Kitchen flooded',
    });
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({
      previous_status: 'open',
      refund_due: true,
      late: false,
      chef_id: null,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: TOTAL,
      affected_chef_ids: [applicant.id],
      cancelled_by: 'restaurant',
      reason: 'Kitchen flooded',
    });
    // a chef who applied sees it cancelled, with what it means for them
    const seen = await applicant.api.get(`/jobs/${job.id}`);
    expect(seen.body.job).toMatchObject({ status: 'cancelled', cancellation: { late: false } });
  });

  test('a chef booked more than the window before the start: full refund, the chef is named to be told (PUT)', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef);
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    expect(quote.body).toMatchObject({ rule: 'early', late: false, chef_pay_cents: 0, refund_cents: TOTAL });
    expect(quote.body.reason_text).toBe(
      'More than 6 hours before the start: the whole $171.20 goes back to your card, and the chef is told.',
    );
    const res = await r.api.put(`/jobs/${job.id}`, { status: 'cancelled', reason: 'Private event moved' });
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({
      status: 'cancelled',
      cancellation: { late: false, refund_cents: TOTAL, reason: 'Private event moved' },
    });
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({
      previous_status: 'filled',
      late: false,
      chef_id: chef.id,
      refund_cents: TOTAL,
    });
    expect(published(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id)).toHaveLength(0);
  });

  test('within the window with a chef accepted: the chef is paid 4 hours, 7% of it kept, the rest refunded, and it counts against the restaurant', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef, false); // accepted, not confirmed yet: still the chef the job counts on
    intoLateWindow();
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    const money = { late: true, chef_pay_cents: 8000, fee_cents: 560, refund_cents: 8560 };
    const figures = { rule: 'late', ...money };
    expect(quote.body).toEqual({
      ...figures,
      reason_text:
        'Late cancellation (less than 6 hours before the start): the chef is paid $80.00 (4 hours of pay), Brigade keeps $5.60, and $85.60 goes back to your card. It counts as a late cancellation on your reliability record.',
    });
    const res = await r.api.post(`/jobs/${job.id}/cancel`, {});
    expect(res.body).toMatchObject(figures);
    expect(res.body.job.cancellation).toMatchObject({
      late: true,
      chef_pay_cents: 8000,
      fee_cents: 560,
      refund_cents: 8560,
      reason: null,
    });
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(ev).toMatchObject({ refund_due: true, chef_id: chef.id, ...money });
    const fact = await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id);
    expect(fact).toMatchObject({ user_id: r.id, user_type: 'restaurant', kind: 'late_cancellations' });
  });

  test('the quote and its refusal read in the caller’s language', async () => {
    const r = await user(h, 'restaurant', 'es');
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef);
    intoLateWindow();
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    expect(quote.body.reason_text).toBe(
      'Cancelación tardía (faltan menos de 6 horas para el inicio): el chef recibe $80.00 (4 horas de pago), Brigade se queda con $5.60 y $85.60 vuelve a tu tarjeta. Cuenta como cancelación tardía en tu historial de confiabilidad.',
    );
    h.clock.advance(5 * HOUR); // past the start
    const refused = await r.api.post(`/jobs/${job.id}/cancel`, {});
    expect(refused.body).toEqual({
      error: 'El turno ya empezó, así que no se puede cancelar: registra la salida.',
      code: 'JOBS.SHIFT_STARTED',
    });
  });

  test('within the window but nobody booked: still a full refund, and no late cancellation', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, eightHours());
    intoLateWindow();
    const res = await r.api.post(`/jobs/${job.id}/cancel`);
    expect(res.body).toMatchObject({ rule: 'no_chef', late: false, refund_cents: TOTAL });
    await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === job.id);
    expect(published(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id)).toHaveLength(0);
  });

  test('after the start it is not a cancellation: the quote says so, cancelling is refused and changes nothing', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef);
    pastStart();
    const quote = await r.api.get(`/jobs/${job.id}/cancellation`);
    expect(quote.body).toMatchObject({ rule: 'started', late: false, refund_cents: 0 });
    expect(quote.body.reason_text).toBe(
      'The shift has started, so it can no longer be cancelled: check out instead.',
    );
    for (const attempt of [
      () => r.api.post(`/jobs/${job.id}/cancel`, {}),
      () => r.api.put(`/jobs/${job.id}`, { status: 'cancelled' }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('JOBS.SHIFT_STARTED');
    }
    expect((await r.api.get(`/jobs/${job.id}`)).body.job).toMatchObject({
      status: 'filled',
      cancellation: null,
    });
    expect(await written(h, 'jobs.job.cancelled.v1', job.id)).toBe(0);
  });

  test('a job never paid is cancelled with nothing to move', async () => {
    const r = await user(h, 'restaurant');
    const { body } = await r.api.post('/jobs', eightHours());
    const quote = await r.api.get(`/jobs/${body.job.id}/cancellation`);
    expect(quote.body).toMatchObject({ rule: 'no_chef', refund_cents: 0 });
    expect(quote.body.reason_text).toBe('No chef is booked yet: the whole $0.00 goes back to your card.');
    await r.api.post(`/jobs/${body.job.id}/cancel`, {});
    const ev = await waitForEvent(h, 'jobs.job.cancelled.v1', (d) => d.job_id === body.job.id);
    expect(ev).toMatchObject({ refund_due: false, refund_cents: 0, previous_status: 'pending_payment' });
  });
});

describe('who may quote and cancel', () => {
  test('a chef is refused (403), another restaurant and unknown ids get 404, a bad reason 400: nothing changes', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const other = await user(h, 'restaurant');
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef);
    expect((await chef.api.get(`/jobs/${job.id}/cancellation`)).status).toBe(403);
    expect((await chef.api.post(`/jobs/${job.id}/cancel`, {})).body.code).toBe('AUTH.WRONG_ROLE');
    for (const res of [
      await other.api.get(`/jobs/${job.id}/cancellation`),
      await other.api.post(`/jobs/${job.id}/cancel`, {}),
      await other.api.put(`/jobs/${job.id}`, { status: 'cancelled' }),
      await r.api.get(`/jobs/${randomUUID()}/cancellation`),
      await r.api.post('/jobs/not-an-id/cancel', {}),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Job not found', code: 'JOBS.JOB_NOT_FOUND' });
    }
    const long = await r.api.post(`/jobs/${job.id}/cancel`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The reason must be 500 characters or less');
    expect((await r.api.post(`/jobs/${job.id}/cancel`, [])).status).toBe(400);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
    expect(await written(h, 'jobs.job.cancelled.v1', job.id)).toBe(0);
  });

  test('a cancel with no body at all is fine; a body that is not JSON is refused and cancels nothing', async () => {
    const r = await user(h, 'restaurant');
    const job = await openJob(h, r, eightHours());
    const raw = (headers: Record<string, string>, body?: string) =>
      fetch(`${h.url}/jobs/${job.id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${r.token}`, ...headers },
        body,
      });
    const notJson = await raw({ 'content-type': 'text/plain' }, 'reason=because');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: 'Request body must be a JSON object',
      code: 'HTTP.BAD_BODY',
    });
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
    const bare = await raw({});
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as any).job.status).toBe('cancelled');
  });

  test('a cancelled job has no quote and cannot be cancelled twice', async () => {
    const r = await user(h, 'restaurant');
    const job = await openJob(h, r, eightHours());
    expect((await r.api.post(`/jobs/${job.id}/cancel`, {})).status).toBe(200);
    for (const res of [
      await r.api.get(`/jobs/${job.id}/cancellation`),
      await r.api.post(`/jobs/${job.id}/cancel`, {}),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'A cancelled job cannot be cancelled',
        code: 'JOBS.CANNOT_CANCEL_JOB',
      });
    }
    expect(await written(h, 'jobs.job.cancelled.v1', job.id)).toBe(1);
  });
});

describe('what every job shows and what payments reports back', () => {
  test('every job says from when cancelling is late and when checkout answers are due', async () => {
    const r = await user(h, 'restaurant');
    const form = eightHours();
    const { body } = await r.api.post('/jobs', form);
    const start = new Date(form.startTime).getTime();
    expect(body.job.late_cancel_from).toBe(new Date(start - 6 * HOUR).toISOString());
    // CHECKOUT_DEADLINE's default: 48 hours after the end
    expect(body.job.checkout_deadline).toBe(new Date(start + 8 * HOUR + 48 * HOUR).toISOString());
    expect(body.job.cancellation).toBeNull();
  });

  test('a late cancellation settled as a split shows as settled', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r, eightHours());
    await bookChef(job, r, chef);
    intoLateWindow();
    await r.api.post(`/jobs/${job.id}/cancel`, {});
    await publish(h, 'payments.escrow.settled.v1', {
      job_id: job.id,
      restaurant_id: r.id,
      chef_id: chef.id,
      transfer_id: 'tr_split',
      chef_pay_cents: 8000,
      fee_cents: 560,
      refund_id: 're_split',
      refund_cents: 8560,
      reason: 'late_cancellation',
    });
    await eventually(async () =>
      expect((await r.api.get(`/jobs/${job.id}`)).body.job.payment_status).toBe('settled'),
    );
  });
});
