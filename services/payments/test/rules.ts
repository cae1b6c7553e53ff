import { InProcessBus, RabbitBus } from '@brigade/kit';
import { cancellationQuote, type CancellationQuote, type EventInput } from '@brigade/contracts';
import { applicationFacts, type Harness } from './harness';

// Playing the jobs service's decisions of issue 16 (cancellation rules, expiry, checkout deadline) for the
// payments component tests, with the figures computed by the shared policy module as jobs computes them.

export interface PaidShift {
  restaurant: { id: string; token: string };
  chef: { id: string; token: string };
  jobId: string;
  applicationId: string;
  pay: { subtotalCents: number; feeCents: number; totalCents: number };
  start: Date;
  end: Date;
}

/** The quote jobs gives the owner now, for this paid shift with its accepted chef (contracts' policy). */
export function quoteFor(h: Harness, shift: PaidShift, now = new Date()): CancellationQuote {
  return cancellationQuote(
    h.config.policy,
    {
      start_time: shift.start,
      hourly_rate_cents: 2500,
      subtotal_cents: shift.pay.subtotalCents,
      total_cents: shift.pay.totalCents,
      paid: true,
      has_chef: true,
    },
    now,
  );
}

/** The `jobs.job.cancelled.v1` figures of a quote (what jobs publishes when the owner cancels). */
export function cancellationFigures(
  shift: PaidShift,
  quote: CancellationQuote,
): Partial<EventInput<'jobs.job.cancelled.v1'>> {
  return {
    previous_status: 'filled',
    refund_due: true,
    affected_chef_ids: [shift.chef.id],
    cancelled_by: 'restaurant',
    late: quote.late,
    chef_id: shift.chef.id,
    chef_pay_cents: quote.chef_pay_cents,
    fee_cents: quote.fee_cents,
    refund_cents: quote.refund_cents,
    reason: 'Kitchen closed for repairs',
    start_time: shift.start.toISOString(),
    end_time: shift.end.toISOString(),
  };
}

/** Jobs: nobody confirmed the shift by its start, it expired (a refund is due when it was paid). */
export function expire(h: Harness, shift: Pick<PaidShift, 'jobId' | 'restaurant'>, eventId?: string) {
  const now = new Date().toISOString();
  return h.publish(
    'jobs.job.expired.v1',
    {
      job_id: shift.jobId,
      restaurant_id: shift.restaurant.id,
      title: 'Line Cook',
      start_time: now,
      end_time: now,
      hourly_rate_cents: 2500,
      emergency_level: 'normal',
      previous_status: 'open',
      refund_due: true,
      lapsed_chef_ids: [],
    },
    eventId,
  );
}

/** Jobs: the checkout deadline passed with these answers (null: that side never answered). */
export function deadlinePassed(
  h: Harness,
  shift: PaidShift,
  outcome: 'release' | 'refund' | 'disputed',
  answers: { restaurant: boolean | null; chef: boolean | null },
  eventId?: string,
) {
  return h.publish(
    'jobs.checkout.deadline_passed.v1',
    {
      ...applicationFacts(shift.applicationId, shift.jobId, shift.restaurant.id, shift.chef.id, shift),
      outcome,
      restaurant_work_completed: answers.restaurant,
      chef_work_completed: answers.chef,
      subtotal_cents: shift.pay.subtotalCents,
      fee_cents: shift.pay.feeCents,
      total_cents: shift.pay.totalCents,
    },
    eventId,
  );
}

/** How many events wait in a payments queue's dead-letter queue (in-process bus or RabbitMQ). */
export async function deadLetterCount(h: Harness, queue: string): Promise<number> {
  if (h.bus instanceof InProcessBus) return h.bus.deadLetters(queue).length;
  return (h.bus as RabbitBus).deadLetterCount(queue);
}

/** Put a queue's dead letters back on it (what `npm run redrive` does after a fix). */
export async function redrive(h: Harness, queue: string): Promise<number> {
  if (h.bus instanceof InProcessBus) return h.bus.redrive(queue);
  return (h.bus as RabbitBus).redrive(queue);
}
