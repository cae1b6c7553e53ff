import {
  APPLICATION_TRANSITIONS,
  applicationState,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  nextApplication,
  nextJobStatus,
  nextPaymentStatus,
} from '@brigade/contracts';

// The lifecycles are data in contracts/src/lifecycles; the jobs service moves jobs and applications by them.
// These checks read the tables the use cases, the web app and the README read.

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

  test('nothing leaves a completed, cancelled or expired job', () => {
    for (const action of Object.keys(JOB_TRANSITIONS) as (keyof typeof JOB_TRANSITIONS)[]) {
      expect(nextJobStatus(action, 'completed')).toBeNull();
      expect(nextJobStatus(action, 'cancelled')).toBeNull();
      expect(nextJobStatus(action, 'expired')).toBeNull();
    }
  });

  test('a filled shift reopens when its chef cancels; only shifts nobody confirmed expire', () => {
    expect(nextJobStatus('reopen', 'filled')).toBe('open');
    expect(nextJobStatus('expire', 'open')).toBe('expired');
    expect(nextJobStatus('expire', 'pending_payment')).toBe('expired');
    expect(nextJobStatus('expire', 'filled')).toBeNull();
  });

  test('escrow money moves only forward: held, then released, refunded or settled as a split', () => {
    expect(nextPaymentStatus('held', 'pending')).toBe('held_in_escrow');
    expect(nextPaymentStatus('released', 'held_in_escrow')).toBe('completed');
    expect(nextPaymentStatus('refunded', 'disputed')).toBe('refunded');
    expect(nextPaymentStatus('settled', 'held_in_escrow')).toBe('settled');
    expect(nextPaymentStatus('released', 'refunded')).toBeNull();
    expect(nextPaymentStatus('held', 'completed')).toBeNull();
    expect(nextPaymentStatus('refunded', 'settled')).toBeNull();
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
    { status: 'lapsed', worker_confirmed: null },
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

  test('a chef may cancel while pending, accepted or confirmed; what was still waiting at the start lapses', () => {
    for (const worker_confirmed of [null, true] as const)
      expect(nextApplication('cancel', { status: 'accepted', worker_confirmed })?.status).toBe('cancelled');
    expect(nextApplication('cancel', { status: 'pending', worker_confirmed: null })?.status).toBe(
      'cancelled',
    );
    expect(nextApplication('lapse', { status: 'accepted', worker_confirmed: null })?.status).toBe('lapsed');
    expect(nextApplication('lapse', { status: 'accepted', worker_confirmed: true })).toBeNull();
  });
});

// The checkout outcomes (mutual and at the deadline) are the policy's: contracts/test/policy.test.ts.
