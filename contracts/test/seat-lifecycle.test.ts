import {
  canSeat,
  FINAL_SEAT_STATUSES,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  jobStatusOfSeats,
  nextSeatStatus,
  SEAT_STATUSES,
  SEAT_TRANSITIONS,
  type JobAction,
  type JobStatus,
  type SeatAction,
  type SeatStatus,
} from '../src';

// The seat lifecycle (issue 35, ADR 0030) is data in contracts/src/lifecycles/seat.ts, and the job's status is
// derived from its seats. Step 1 puts every job at one seat: a job of one seat must move exactly as before.

/** Each job action's seat counterpart; the escrow's own two moves have none (they are the posting's). */
const SEAT_OF_JOB_ACTION: Partial<Record<JobAction, SeatAction>> = {
  fill: 'book',
  reopen: 'reopen',
  complete: 'complete',
  dispute: 'dispute',
  resolve: 'resolve',
  cancel: 'cancel',
  expire: 'expire',
};
/** The one seat of a job in this status: an unpaid job's seat is open, waiting for the escrow. */
const seatOf = (job: JobStatus): SeatStatus =>
  job === 'pending_payment' || job === 'payment_failed' ? 'open' : job;

const PAID: JobStatus[] = ['open', 'filled', 'completed', 'cancelled', 'expired', 'disputed'];
const seats = (...statuses: SeatStatus[]) => statuses.map((status) => ({ status }));

test('every job action but the escrow’s has a seat counterpart', () => {
  const jobActions = Object.keys(JOB_TRANSITIONS) as JobAction[];
  expect(jobActions.filter((a) => !SEAT_OF_JOB_ACTION[a]).sort()).toEqual(['escrowFailed', 'escrowHeld']);
  expect(Object.values(SEAT_OF_JOB_ACTION).sort()).toEqual(Object.keys(SEAT_TRANSITIONS).sort());
});

describe('a job of one seat moves exactly as JOB_TRANSITIONS says', () => {
  const allowed = (Object.entries(SEAT_OF_JOB_ACTION) as [JobAction, SeatAction][]).flatMap(
    ([jobAction, seatAction]) =>
      (JOB_TRANSITIONS[jobAction].from as readonly JobStatus[]).map(
        (from) => [jobAction, from, seatAction, JOB_TRANSITIONS[jobAction].to] as const,
      ),
  );

  test.each(allowed)('%s from %s: the seat’s %s, derived, gives %s', (_action, from, seatAction, to) => {
    const seat = nextSeatStatus(seatAction, seatOf(from));
    expect(seat).not.toBeNull();
    expect(jobStatusOfSeats({ status: from }, seats(seat!))).toBe(to);
  });

  // A paid job refuses what its seat refuses. An unpaid one refuses more (a seat is not booked before the
  // escrow is held): the jobs service checks the job's status before the seat's.
  const refused = (Object.entries(SEAT_OF_JOB_ACTION) as [JobAction, SeatAction][]).flatMap(
    ([jobAction, seatAction]) =>
      PAID.filter((from) => !(JOB_TRANSITIONS[jobAction].from as readonly JobStatus[]).includes(from)).map(
        (from) => [jobAction, from, seatAction] as const,
      ),
  );
  test.each(refused)('%s from %s: the seat refuses %s too', (_action, from, seatAction) => {
    expect(nextSeatStatus(seatAction, seatOf(from))).toBeNull();
  });

  test('a seat at rest leaves its job as it is', () => {
    for (const status of JOB_STATUSES)
      expect(jobStatusOfSeats({ status }, seats(seatOf(status)))).toBe(status);
  });
});

describe('a posting of several seats', () => {
  const at = (status: JobStatus, ...s: SeatStatus[]) => jobStatusOfSeats({ status }, seats(...s));

  test('it is open while a seat is free, filled once every seat is booked', () => {
    expect(at('open', 'filled', 'filled', 'open')).toBe('open');
    expect(at('open', 'filled', 'filled', 'filled')).toBe('filled');
    // a chef of a full posting cancels: their seat reopens, and so does the posting
    expect(at('filled', 'filled', 'open', 'filled')).toBe('open');
  });

  test('at the start the unbooked seats expire and the booked ones go on; it ends when the last does', () => {
    expect(at('open', 'filled', 'filled', 'expired')).toBe('filled');
    expect(at('filled', 'completed', 'filled', 'expired')).toBe('filled');
    expect(at('filled', 'completed', 'completed', 'expired')).toBe('completed');
    expect(at('open', 'expired', 'expired', 'expired')).toBe('expired');
  });

  test('one disputed seat makes the posting disputed until it is decided', () => {
    expect(at('filled', 'completed', 'disputed', 'filled')).toBe('disputed');
    expect(at('disputed', 'completed', 'disputed', 'completed')).toBe('disputed');
    expect(at('disputed', 'completed', 'completed', 'completed')).toBe('completed');
  });

  test('a cancelled posting cancels every seat; a removed seat does not count toward completion', () => {
    expect(at('filled', 'cancelled', 'cancelled', 'cancelled')).toBe('cancelled');
    expect(at('filled', 'filled', 'cancelled')).toBe('filled');
    expect(at('filled', 'completed', 'cancelled')).toBe('completed');
    expect(at('open', 'cancelled', 'expired')).toBe('expired');
  });

  test('the job’s own statuses stand: unpaid while a seat waits, final once cancelled or expired', () => {
    expect(at('pending_payment', 'open', 'open')).toBe('pending_payment');
    expect(at('payment_failed', 'open', 'open')).toBe('payment_failed');
    expect(at('pending_payment', 'cancelled', 'cancelled')).toBe('cancelled');
    expect(at('cancelled', 'completed', 'cancelled')).toBe('cancelled');
    expect(at('expired', 'open')).toBe('expired');
    expect(() => jobStatusOfSeats({ status: 'open' }, [])).toThrow('at least one seat');
  });
});

test('each side triggers only its own seat moves', () => {
  expect(canSeat('book', 'open', 'chef')).toBe(true);
  expect(canSeat('book', 'open', 'restaurant')).toBe(false);
  expect(canSeat('reopen', 'filled', 'restaurant')).toBe(false);
  expect(canSeat('cancel', 'filled', 'chef')).toBe(false);
  expect(canSeat('resolve', 'disputed', 'restaurant')).toBe(false);
  expect(canSeat('resolve', 'disputed', 'operator')).toBe(true);
  expect(canSeat('expire', 'open', 'restaurant')).toBe(false);
});

test('nothing moves a final seat, and every status is reachable from open', () => {
  for (const status of FINAL_SEAT_STATUSES)
    for (const action of Object.keys(SEAT_TRANSITIONS) as SeatAction[])
      expect([action, nextSeatStatus(action, status)]).toEqual([action, null]);
  const reached = new Set<SeatStatus>(['open']);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of Object.values(SEAT_TRANSITIONS))
      if ((t.from as readonly SeatStatus[]).some((f) => reached.has(f)) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
  }
  expect([...reached].sort()).toEqual([...SEAT_STATUSES].sort());
});
