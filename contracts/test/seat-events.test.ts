import { cancelledSeats, eventSchemas, seatShare, type EventData, type EventType } from '../src';

// Issue 35 (ADR 0030): events gain the seat. Events written before seats (or still in a queue during the deploy)
// carry none and mean seat 1 of a posting of one; a producer names `null` when the event is about no seat.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const jobFacts = {
  job_id: id(1),
  restaurant_id: id(2),
  title: 'Line cook',
  start_time: '2026-12-01T16:00:00.000Z',
  end_time: '2026-12-01T23:00:00.000Z',
  hourly_rate_cents: 2500,
  emergency_level: 'normal',
};
const applicationFacts = {
  application_id: id(3),
  job_id: id(1),
  job_title: 'Line cook',
  chef_id: id(4),
  chef_profile_id: id(5),
  restaurant_id: id(2),
  start_time: jobFacts.start_time,
  end_time: jobFacts.end_time,
};
const figures = {
  clock_in_at: '2026-12-01T16:00:00.000Z',
  clock_out_at: '2026-12-01T23:00:00.000Z',
  break_minutes: 0,
  worked_minutes: 420,
  hourly_rate_cents: 2500,
  chef_pay_cents: 17_500,
  fee_cents: 1225,
  total_cents: 18_725,
  extra_charge_cents: 0,
  refund_cents: 0,
};
const checkout = { subtotal_cents: 17_500, fee_cents: 1225, total_cents: 18_725 };

/** A payload of each event as its producer wrote it before seats. */
const OLD: Partial<Record<EventType, Record<string, unknown>>> = {
  'jobs.job.opened.v1': { ...jobFacts, notify_chef_ids: [], reopened: false },
  'jobs.application.confirmed.v1': applicationFacts,
  'jobs.application.cancelled.v1': { ...applicationFacts, was_accepted: true, was_confirmed: true },
  'jobs.offer.answered.v1': {
    ...jobFacts,
    offer_id: id(6),
    chef_id: id(4),
    answer: 'accepted',
    application_id: id(3),
    answered_at: '2026-11-30T10:00:00.000Z',
  },
  'jobs.checkout.recorded.v1': {
    ...applicationFacts,
    side: 'chef',
    rating: 5,
    work_completed: true,
    feedback: null,
    ratee_id: id(2),
    ratee_type: 'restaurant',
  },
  'jobs.checkout.completed.v1': {
    ...applicationFacts,
    ...checkout,
    outcome: 'release',
    restaurant_work_completed: true,
    chef_work_completed: true,
    chef_rating: 5,
    restaurant_rating: 4,
  },
  'jobs.checkout.deadline_passed.v1': {
    ...applicationFacts,
    ...checkout,
    outcome: 'release',
    restaurant_work_completed: null,
    chef_work_completed: true,
  },
  'jobs.dispute.resolved.v1': {
    ...applicationFacts,
    ...checkout,
    chef_pay_cents: 10_000,
    refund_cents: 8025,
    fee_cents: 700,
    note: 'Half the shift was worked',
    operator_id: id(7),
    resolved_at: '2026-12-03T10:00:00.000Z',
  },
  'jobs.reliability.recorded.v1': {
    user_id: id(4),
    user_type: 'chef',
    kind: 'completed_shifts',
    job_id: id(1),
    occurred_at: '2026-12-02T10:00:00.000Z',
  },
  'jobs.dispute.statement_added.v1': {
    statement_id: id(8),
    job_id: id(1),
    job_title: 'Line cook',
    chef_id: id(4),
    restaurant_id: id(2),
    author_id: id(4),
    author_side: 'chef',
    text: 'I worked the whole shift',
    language: 'en',
    created_at: '2026-12-02T10:00:00.000Z',
  },
  'jobs.timesheet.clocked_in.v1': {
    ...applicationFacts,
    clock_in_at: figures.clock_in_at,
    method: 'code',
    distance_m: null,
    late: false,
  },
  'jobs.timesheet.submitted.v1': { ...applicationFacts, ...figures, auto_clocked_out: false },
  'jobs.timesheet.adjusted.v1': {
    ...applicationFacts,
    ...figures,
    reason: 'Left early',
    dispute_until: '2026-12-03T23:00:00.000Z',
  },
  'jobs.timesheet.approved.v1': {
    ...applicationFacts,
    ...figures,
    status: 'approved',
    approved_by: 'restaurant',
  },
  'jobs.timesheet.disputed.v1': { ...applicationFacts, about: 'adjustment', statement: 'I stayed' },
  'jobs.timesheet.resolved.v1': { ...applicationFacts, ...figures, note: 'As clocked', operator_id: id(7) },
  'jobs.timesheet.sent_home.v1': { ...applicationFacts, ...figures, reason: null },
  'jobs.timesheet.no_show_marked.v1': {
    ...applicationFacts,
    marked_at: '2026-12-01T17:00:00.000Z',
    contest_until: '2026-12-03T17:00:00.000Z',
  },
  'jobs.timesheet.running_late.v1': {
    ...applicationFacts,
    minutes: 15,
    expected_at: '2026-12-01T16:15:00.000Z',
    announced_at: '2026-12-01T15:50:00.000Z',
  },
  'jobs.timesheet.no_show_confirmed.v1': {
    ...applicationFacts,
    ...figures,
    marked_at: '2026-12-01T17:00:00.000Z',
    confirmed_at: '2026-12-03T17:00:00.000Z',
  },
  'payments.payout.released.v1': {
    job_id: id(1),
    chef_id: id(4),
    restaurant_id: id(2),
    transfer_id: 'tr_1',
    amount_cents: 17_500,
  },
  'payments.escrow.settled.v1': {
    job_id: id(1),
    restaurant_id: id(2),
    chef_id: id(4),
    transfer_id: 'tr_1',
    chef_pay_cents: 8750,
    fee_cents: 613,
    refund_id: 're_1',
    refund_cents: 9362,
    reason: 'late_cancellation',
  },
  'payments.escrow.refunded.v1': {
    job_id: id(1),
    restaurant_id: id(2),
    refund_id: 're_1',
    amount_cents: 18_725,
    reason: 'job_expired',
  },
  'payments.extra_charge.collected.v1': {
    job_id: id(1),
    application_id: id(3),
    restaurant_id: id(2),
    chef_id: id(4),
    payment_intent_id: 'pi_1',
    amount_cents: 2675,
    chef_pay_cents: 2500,
    fee_cents: 175,
    paid_in_app: false,
  },
  'payments.extra_charge.failed.v1': {
    job_id: id(1),
    application_id: id(3),
    restaurant_id: id(2),
    chef_id: id(4),
    payment_intent_id: null,
    amount_cents: 2675,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    requires_authentication: false,
    due_at: '2026-12-10T00:00:00.000Z',
  },
};
const WITH_SEAT = Object.keys(OLD) as EventType[];
const parse = (type: EventType, data: unknown) => eventSchemas[type].parse(data) as Record<string, unknown>;

test('every jobs.timesheet event carries the seat', () => {
  const timesheetEvents = Object.keys(eventSchemas).filter((t) => t.startsWith('jobs.timesheet.'));
  expect(timesheetEvents.length).toBe(10);
  for (const type of timesheetEvents) expect(WITH_SEAT).toContain(type);
});

test.each(WITH_SEAT)('%s without a seat is about seat 1; a null seat stays null', (type) => {
  expect(parse(type, OLD[type]).seat_no).toBe(1);
  expect(parse(type, { ...OLD[type], seat_no: null }).seat_no).toBeNull();
  expect(parse(type, { ...OLD[type], seat_no: 3 }).seat_no).toBe(3);
  expect(eventSchemas[type].safeParse({ ...OLD[type], seat_no: 21 }).success).toBe(false);
  expect(eventSchemas[type].safeParse({ ...OLD[type], seat_no: 1.5 }).success).toBe(false);
});

test('the seat’s application (and a refunded seat’s chef) default to null', () => {
  for (const type of [
    'jobs.dispute.statement_added.v1',
    'payments.payout.released.v1',
    'payments.escrow.settled.v1',
    'payments.escrow.refunded.v1',
  ] as const)
    expect(parse(type, OLD[type]).application_id).toBeNull();
  expect(parse('payments.escrow.refunded.v1', OLD['payments.escrow.refunded.v1']).chef_id).toBeNull();
  expect(
    parse('payments.escrow.settled.v1', { ...OLD['payments.escrow.settled.v1'], application_id: id(3) })
      .application_id,
  ).toBe(id(3));
});

test('a posting without a headcount asks for one chef, and at most 20', () => {
  const posted = {
    ...jobFacts,
    ...checkout,
    notify_favorites: [],
  };
  expect(eventSchemas['jobs.job.posted.v1'].parse(posted).headcount).toBe(1);
  expect(eventSchemas['jobs.job.posted.v1'].parse({ ...posted, headcount: 3 }).headcount).toBe(3);
  expect(eventSchemas['jobs.job.posted.v1'].safeParse({ ...posted, headcount: 0 }).success).toBe(false);
  expect(eventSchemas['jobs.job.posted.v1'].safeParse({ ...posted, headcount: 21 }).success).toBe(false);
});

test('an expiry without seats is seat 1’s', () => {
  const expired = { ...jobFacts, previous_status: 'open', refund_due: true, lapsed_chef_ids: [] };
  expect(eventSchemas['jobs.job.expired.v1'].parse(expired).seats).toEqual([1]);
  expect(eventSchemas['jobs.job.expired.v1'].parse({ ...expired, seats: [2, 3] }).seats).toEqual([2, 3]);
  expect(eventSchemas['jobs.job.expired.v1'].safeParse({ ...expired, seats: [0] }).success).toBe(false);
});

describe('a cancellation’s seats', () => {
  const cancelled = {
    ...jobFacts,
    previous_status: 'filled',
    refund_due: true,
    affected_chef_ids: [id(4)],
  };
  const read = (data: Record<string, unknown>) =>
    cancelledSeats(eventSchemas['jobs.job.cancelled.v1'].parse(data) as EventData<'jobs.job.cancelled.v1'>);

  test('without seats, the top-level figures are seat 1’s', () => {
    expect(read(cancelled)).toEqual([
      {
        seat_no: 1,
        application_id: null,
        chef_id: null,
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: null,
      },
    ]);
    const late = {
      ...cancelled,
      late: true,
      chef_id: id(4),
      chef_pay_cents: 8750,
      fee_cents: 613,
      refund_cents: 9362,
    };
    expect(read(late)).toEqual([
      {
        seat_no: 1,
        application_id: null,
        chef_id: id(4),
        chef_pay_cents: 8750,
        fee_cents: 613,
        refund_cents: 9362,
      },
    ]);
  });

  test('with seats, each is as the event says: a late cancellation pays every booked seat', () => {
    const seats = [
      {
        seat_no: 1,
        application_id: id(3),
        chef_id: id(4),
        chef_pay_cents: 8750,
        fee_cents: 613,
        refund_cents: 9362,
      },
      {
        seat_no: 2,
        application_id: id(9),
        chef_id: id(10),
        chef_pay_cents: 8750,
        fee_cents: 613,
        refund_cents: 9362,
      },
      {
        seat_no: 3,
        application_id: null,
        chef_id: null,
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: 18_725,
      },
    ];
    expect(read({ ...cancelled, late: true, seats })).toEqual(seats);
    expect(
      eventSchemas['jobs.job.cancelled.v1'].safeParse({ ...cancelled, seats: [{ ...seats[0], seat_no: 0 }] })
        .success,
    ).toBe(false);
  });
});

describe('a seat’s share of a posting', () => {
  test('each figure divided by the headcount', () => {
    expect(seatShare({ subtotal_cents: 52_500, fee_cents: 3675, total_cents: 56_175 }, 3)).toEqual({
      subtotal_cents: 17_500,
      fee_cents: 1225,
      total_cents: 18_725,
    });
    expect(seatShare(checkout, 1)).toEqual(checkout);
  });

  test('a posting not priced per seat is refused, never rounded', () => {
    expect(() => seatShare({ subtotal_cents: 52_500, fee_cents: 3676, total_cents: 56_176 }, 3)).toThrow(
      'fee_cents 3676 does not divide into 3 equal seats',
    );
    expect(() => seatShare({ ...checkout, total_cents: 18_726 }, 5)).toThrow(
      'total_cents 18726 does not divide into 5 equal seats',
    );
    expect(() => seatShare(checkout, 0)).toThrow('at least 1');
    expect(() => seatShare(checkout, 1.5)).toThrow('whole number');
  });
});
