import { APPLICATION_TRANSITIONS, applicationState, nextApplication } from '../src/domain/application';
import { checkoutOutcome } from '../src/domain/checkout';
import { JOB_STATUSES, JOB_TRANSITIONS, nextJobStatus, nextPaymentStatus } from '../src/domain/job';

// The lifecycles are data; these checks read the tables the use cases and the README read.

describe('the job lifecycle', () => {
  test.each(
    Object.entries(JOB_TRANSITIONS).flatMap(([action, t]) =>
      JOB_STATUSES.map(
        (from) => [action, from, (t.from as readonly string[]).includes(from) ? t.to : null] as const,
      ),
    ),
  )('%s from %s leads to %s', (action, from, to) => {
    expect(nextJobStatus(action as keyof typeof JOB_TRANSITIONS, from)).toBe(to);
  });

  test('nothing leaves a completed or cancelled job', () => {
    for (const action of Object.keys(JOB_TRANSITIONS) as (keyof typeof JOB_TRANSITIONS)[]) {
      expect(nextJobStatus(action, 'completed')).toBeNull();
      expect(nextJobStatus(action, 'cancelled')).toBeNull();
    }
  });

  test('escrow money moves only forward: held, then released or refunded', () => {
    expect(nextPaymentStatus('held', 'pending')).toBe('held_in_escrow');
    expect(nextPaymentStatus('released', 'held_in_escrow')).toBe('completed');
    expect(nextPaymentStatus('refunded', 'disputed')).toBe('refunded');
    expect(nextPaymentStatus('released', 'refunded')).toBeNull();
    expect(nextPaymentStatus('held', 'completed')).toBeNull();
  });
});

describe('the application lifecycle', () => {
  const states = [
    { status: 'pending', worker_confirmed: null },
    { status: 'accepted', worker_confirmed: null },
    { status: 'accepted', worker_confirmed: true },
    { status: 'accepted', worker_confirmed: false },
    { status: 'rejected', worker_confirmed: null },
    { status: 'cancelled', worker_confirmed: null },
  ] as const;

  test.each(
    Object.keys(APPLICATION_TRANSITIONS).flatMap((action) =>
      states.map((s) => [action, applicationState(s.status, s.worker_confirmed), s] as const),
    ),
  )('%s from %s follows the table', (action, state, s) => {
    const t = APPLICATION_TRANSITIONS[action as keyof typeof APPLICATION_TRANSITIONS];
    const next = nextApplication(action as keyof typeof APPLICATION_TRANSITIONS, s);
    if ((t.from as readonly string[]).includes(state)) expect(next?.status).toBe(t.to.status);
    else expect(next).toBeNull();
  });

  test('a chef may cancel while pending or accepted-and-unconfirmed, never after confirming', () => {
    expect(nextApplication('cancel', { status: 'pending', worker_confirmed: null })?.status).toBe(
      'cancelled',
    );
    expect(nextApplication('cancel', { status: 'accepted', worker_confirmed: null })?.status).toBe(
      'cancelled',
    );
    expect(nextApplication('cancel', { status: 'accepted', worker_confirmed: true })).toBeNull();
  });
});

test('mutual checkout: agreement releases or refunds, disagreement is a dispute', () => {
  expect(checkoutOutcome(true, true)).toBe('release');
  expect(checkoutOutcome(false, false)).toBe('refund');
  expect(checkoutOutcome(true, false)).toBe('disputed');
  expect(checkoutOutcome(false, true)).toBe('disputed');
});
