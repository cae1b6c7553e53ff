import { DECLINING_CARD, saveCard as saveCardOf } from './support/cards';
import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  expectStatus,
  nowOf,
  payJob,
  postJob,
  signUp,
  startStackWithOperator,
  type Operator,
  type Account,
  type PostedJob,
  type Reply,
  type Stack,
  until as untilTime,
} from './support/stack';

// Issue 34, whole product: the working day through the gateway (five services, the bus, the Stripe sandbox; real
// PostgreSQL, RabbitMQ and Redis when their variables are set). Every rule's duration is shortened (below) and
// every shift of the file is booked at once in beforeAll, all starting at the same moment S. Each test acts at its
// own moment after S, in the order of those moments, and the product's clock is moved there (ADR 41): nobody
// waits for the wall clock. The last moment is S + 2 minutes
// (a one-minute shift clocked out a whole minute past its end: worked time is whole minutes, and the escrow
// charges at least one). Shifts pay $60/h, so one minute is $1.00 of chef pay and 7 cents of fee ($1.07
// charged). Each test ends with ledger:check green and no money stuck (afterEach).

const MIN = 60_000;
const RATE = 60; // dollars an hour: 100 cents a minute
const pay = (minutes: number) => minutes * 100;
const fee = (minutes: number) => minutes * 7;
const total = (minutes: number) => minutes * 107;

/** The rules, shortened (the defaults are 30m, 10m, 1h, 1h, 4h, 24h, 48h, 4h and 72h). */
const RULES = {
  CLOCK_IN_EARLY: '3m',
  LATE_CLOCK_IN_AFTER: '2s',
  NO_SHOW_AFTER: '20s',
  SENT_HOME_WINDOW: '15s',
  SENT_HOME_PAY_HOURS: '0.05', // 3 minutes
  HOURS_DISPUTE_WINDOW: '20s',
  TIMESHEET_APPROVAL_DEADLINE: '10m', // the tests approve, adjust and decide themselves
  AUTO_CLOCK_OUT_AFTER: '10m',
  BALANCE_DUE_AFTER: '5s',
};
const LATE_AFTER_MS = 2_000;
const NO_SHOW_AFTER_MS = 20_000;

/** Detroit, where every test restaurant is: the door of the pinned ones, as a phone gives it. */
const DOOR = { latitude: 42.33502, longitude: -83.04921 };
const AT_DOOR = { ...DOOR, accuracy_m: 20 };

interface Seat {
  chef: Account;
  restaurant: Account;
  job: PostedJob;
  applicationId: string;
  /** the clock code the restaurant's job page shows */
  code: string;
  minutes: number;
  /** what the escrow charged for the shift pay and for the fee */
  subtotalCents: number;
  feeCents: number;
}

let stack: Stack;
let operatorToken: string;
/** When every shift starts. */
let S = 0;
/** Someone who has nothing to do with any shift: a chef and a restaurant. */
let strangerChef: Account;
let strangerRestaurant: Account;
const seats = {} as Record<
  | 'onTime'
  | 'lateShort'
  | 'stayLate'
  | 'declined'
  | 'sentHome'
  | 'noShowContested'
  | 'noShowFinal'
  | 'adjustAccepted'
  | 'adjustDisputed'
  | 'faults',
  Seat
>;

const RESTAURANTS = ['plain', 'pinned', 'declining', 'sendsHome'] as const;
/** Each seat: the shift's length in minutes and its restaurant (plain unless told). */
const PLAN: Record<keyof typeof seats, { minutes: number; restaurant?: (typeof RESTAURANTS)[number] }> = {
  onTime: { minutes: 1 },
  lateShort: { minutes: 3 },
  stayLate: { minutes: 1, restaurant: 'pinned' },
  declined: { minutes: 1, restaurant: 'declining' },
  sentHome: { minutes: 5, restaurant: 'sendsHome' },
  noShowContested: { minutes: 3 },
  noShowFinal: { minutes: 3 },
  adjustAccepted: { minutes: 5, restaurant: 'pinned' },
  adjustDisputed: { minutes: 5 },
  faults: { minutes: 5, restaurant: 'pinned' },
};

const api = (method: string, path: string, who: Account | string, body?: unknown) =>
  stack.call(method, `/api${path}`, {
    token: typeof who === 'string' ? who : who.token,
    ...(body === undefined ? {} : { body }),
  });

/** The restaurant pins its location from its door ("I am at the restaurant now"). */
async function pin(restaurant: Account) {
  const saved = expectStatus(
    await api('POST', '/profiles/restaurant', restaurant, { ...DOOR, accuracyM: 15 }),
    200,
  );
  expect(saved.body.profile.location_pinned).toBe(true);
}

const saveCard = (restaurant: Account, number: string) => saveCardOf(stack, restaurant, number);

async function book(
  pair: { chef: Account; restaurant: Account },
  minutes: number,
  startsAt: number,
): Promise<Seat> {
  const job = await postJob(stack, pair.restaurant, startsAt - nowOf(stack), minutes / 60, RATE);
  await payJob(stack, pair.restaurant, job);
  const applicationId = await apply(stack, pair.chef, job);
  await acceptAndConfirm(stack, pair.restaurant, pair.chef, applicationId);
  const owner = expectStatus(await api('GET', `/jobs/${job.id}`, pair.restaurant), 200).body.job;
  expect(owner.clock_code).toMatch(/^\d{4}$/);
  // the chef never sees the code
  const chefView = expectStatus(await api('GET', `/jobs/${job.id}`, pair.chef), 200).body.job;
  expect(chefView.clock_code ?? null).toBeNull();
  return {
    ...pair,
    job,
    applicationId,
    code: owner.clock_code,
    minutes,
    subtotalCents: owner.subtotal_cents,
    feeCents: owner.fee_cents,
  };
}

const clockIn = (s: Seat, body: object) =>
  api('POST', `/applications/${s.applicationId}/clock-in`, s.chef, body);
const clockOut = (s: Seat, body: object = {}) =>
  api('POST', `/applications/${s.applicationId}/clock-out`, s.chef, body);
const timesheet = async (s: Seat, who: Account = s.chef) =>
  expectStatus(await api('GET', `/applications/${s.applicationId}/timesheet`, who), 200).body.timesheet;

/** A location clock-in at the door (once jobs has heard of the restaurant's pin). */
const clockInAtDoor = (s: Seat) =>
  eventually(async () => {
    const r = await clockIn(s, AT_DOOR);
    if (r.body?.code === 'JOBS.NO_LOCATION_PIN') throw new Error('jobs has not heard of the pin yet');
    return expectStatus(r, 201);
  });

/**
 * What the chefs do at set moments whatever the tests do in between (`clockOutAt`): when the suite moves the clock
 * past one, the clock stops there first and it is done then.
 */
const timeline: Array<{ at: number; act: () => Promise<void> }> = [];

/** Clock-outs at a set moment, each test reading its answer (`clockedOut`). */
const clockOuts: Partial<Record<keyof typeof seats, { at: number; answer: Promise<Reply> }>> = {};
function clockOutAt(name: keyof typeof seats, at: number, body: object) {
  let settle: (reply: Promise<Reply>) => void = () => undefined;
  const answer = new Promise<Reply>((resolve) => (settle = resolve));
  answer.catch(() => undefined); // read (and failed on) by its test
  const act = async () => {
    const reply = clockOut(seats[name], body);
    settle(reply);
    await reply.catch(() => undefined);
  };
  timeline.push({ at, act });
  clockOuts[name] = { at, answer };
}

/** The answer of a clock-out made at its moment (the product's time is moved there if it is not yet). */
async function clockedOut(name: keyof typeof seats): Promise<Reply> {
  const planned = clockOuts[name]!;
  await until(planned.at);
  return planned.answer;
}

/** The product's time reaches this moment (ms since the epoch), doing what is planned before it on the way. */
async function until(at: number) {
  for (;;) {
    timeline.sort((a, b) => a.at - b.at);
    if (timeline.length === 0 || timeline[0].at > at) break;
    const next = timeline.shift()!;
    await untilTime(stack, next.at);
    await next.act();
  }
  await untilTime(stack, at);
}

/** A reply is a refusal with this status and code. */
function refused(reply: Reply, status: number, code?: string) {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({
    status,
    code: code ?? reply.body?.code,
  });
  expect(typeof reply.body?.error).toBe('string');
}

/** The chef's earnings row says this pay was transferred (paid out, with when). */
function paidOut(earning: { gross_pay_cents: number; paid_out_at: string | null }, cents: number) {
  expect(earning.gross_pay_cents).toBe(cents);
  expect(earning.paid_out_at).toEqual(expect.any(String));
}

/**
 * What the chef reads of the shift in earnings, and the restaurant in its receipts, once nothing is pending (and,
 * when given, the chef's transfers add up to `chefPayCents`: a collected extra's transfer follows the collection).
 */
async function settled(s: Seat, chefPayCents?: number) {
  return eventually(
    async () => {
      // The receipt first: once it is no longer pending every movement is in the ledger, so the earnings read
      // after it show them (read the other way round, a transfer made between the two reads looked unpaid).
      const receipt = expectStatus(
        await api('GET', '/payments/receipts', s.restaurant),
        200,
      ).body.receipts.find((r: { job_id: string }) => r.job_id === s.job.id);
      const earning = expectStatus(await api('GET', '/payments/earnings', s.chef), 200).body.shifts.find(
        (r: { job_id: string }) => r.job_id === s.job.id,
      );
      if (!earning || !receipt || receipt.pending) throw new Error(`money of ${s.job.id} still moving`);
      if (chefPayCents !== undefined && (earning.gross_pay_cents !== chefPayCents || !earning.paid_out_at))
        throw new Error(`the chef's pay of ${s.job.id} is still moving`);
      return { earning, receipt };
    },
    40_000,
    300,
  );
}

const ops = (method: string, path: string, body?: unknown) => api(method, path, operatorToken, body);

beforeAll(async () => {
  let operator: Operator;
  ({ stack, operator } = await startStackWithOperator({
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
    ...RULES,
  }));
  operatorToken = operator.token;
  const names = Object.keys(PLAN) as Array<keyof typeof PLAN>;
  // One restaurant per kind (plain, pinned, the declining saved card) and one for the sent-home record; a chef
  // per shift (a chef holds one shift at a time).
  const [restaurants, chefs, others] = await Promise.all([
    Promise.all(
      RESTAURANTS.map(async (kind) => {
        const restaurant = await signUp(stack, 'restaurant');
        if (kind === 'pinned') await pin(restaurant);
        if (kind === 'declining') await saveCard(restaurant, DECLINING_CARD);
        return restaurant;
      }),
    ),
    Promise.all(names.map(() => signUp(stack, 'chef'))),
    Promise.all([signUp(stack, 'chef'), signUp(stack, 'restaurant')]),
  ]);
  [strangerChef, strangerRestaurant] = others;
  const pairs = names.map((name, i) => ({
    chef: chefs[i],
    restaurant: restaurants[RESTAURANTS.indexOf(PLAN[name].restaurant ?? 'plain')],
  }));
  // Every shift starts at the same moment, far enough ahead to be paid, applied to and confirmed before it (on a
  // CI machine whose two cores the other suites keep busy, booking took over 20 s).
  S = nowOf(stack) + 45_000;
  const booked = await Promise.all(names.map((name, i) => book(pairs[i], PLAN[name].minutes, S)));
  names.forEach((name, i) => (seats[name] = booked[i]));
  if (nowOf(stack) >= S) throw new Error('booking took longer than the lead: raise it');

  // Clocked in before the start (from CLOCK_IN_EARLY): their worked time counts from the start.
  const byCode = async (s: Seat) => expectStatus(await clockIn(s, { code: s.code }), 201);
  await Promise.all([
    byCode(seats.onTime),
    clockInAtDoor(seats.stayLate),
    byCode(seats.declined),
    clockInAtDoor(seats.adjustAccepted),
    byCode(seats.adjustDisputed),
  ]);
  // The late one clocks in after the start + LATE_CLOCK_IN_AFTER.
  await until(S + LATE_AFTER_MS + 1_000);
  const late = expectStatus(await clockIn(seats.lateShort, { code: seats.lateShort.code }), 201);
  expect(late.body.timesheet).toMatchObject({ status: 'clocked_in', late: true });
  // The one-minute shifts are clocked out at their moment whatever the tests before them take (on two busy cores
  // the tests before "on time" once ran past its end by a minute, and the chef had worked two).
  clockOutAt('onTime', seats.onTime.job.end.getTime() + 500, { code: seats.onTime.code, break_minutes: 0 });
  clockOutAt('stayLate', seats.stayLate.job.end.getTime() + MIN + 500, {});
  clockOutAt('declined', seats.declined.job.end.getTime() + MIN + 500, { code: seats.declined.code });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

test('no-show: refused before NO_SHOW_AFTER, then marked; contested by the chef and decided by an operator in minutes', async () => {
  const [contested, final] = [seats.noShowContested, seats.noShowFinal];
  // Nobody clocked in: a clock-out is 409 and changes nothing.
  const before = await timesheet(final);
  refused(await clockOut(final, { code: final.code }), 409, 'JOBS.NOT_CLOCKED_IN');
  expect(await timesheet(final)).toEqual(before);
  // Too early: the start + NO_SHOW_AFTER has not come.
  expect(nowOf(stack)).toBeLessThan(S + NO_SHOW_AFTER_MS);
  for (const s of [contested, final])
    refused(
      await api('POST', `/applications/${s.applicationId}/no-show`, s.restaurant),
      409,
      'JOBS.NO_SHOW_TOO_EARLY',
    );
  expect((await timesheet(final)).status).toBe('not_started');

  await until(S + NO_SHOW_AFTER_MS + 500);
  for (const s of [contested, final]) {
    const marked = expectStatus(
      await api('POST', `/applications/${s.applicationId}/no-show`, s.restaurant),
      200,
    );
    expect(marked.body.timesheet).toMatchObject({ status: 'no_show', worked_minutes: 0 });
  }
  const disputed = expectStatus(
    await api('POST', `/applications/${contested.applicationId}/timesheet/dispute`, contested.chef, {
      statement: 'I was in the kitchen from the start: the manager let me in the back door.',
    }),
    200,
  );
  expect(disputed.body.timesheet.status).toBe('disputed');
  // The operator decides 2 of the 3 minutes were worked: the chef is paid them, the rest goes back.
  expectStatus(
    await ops('POST', `/ops/disputes/${contested.job.id}/resolve`, {
      worked_minutes: 2,
      note: 'The back-door camera shows the chef two minutes in.',
    }),
    200,
  );
  const { earning, receipt } = await settled(contested);
  paidOut(earning, pay(2));
  expect(receipt).toMatchObject({
    charged_cents: total(3),
    shift_pay_cents: pay(2),
    platform_fee_cents: fee(2),
    refund_cents: total(1),
  });
  expect(receipt.timesheet).toMatchObject({ source: 'resolved', worked_minutes: 2, extra_charge_cents: 0 });
  expect(await timesheet(contested)).toMatchObject({ status: 'resolved', worked_minutes: 2 });
}, 90_000);

test('faults through the gateway: each a clear 4xx with its code, and the timesheet reads the same after', async () => {
  const f = seats.faults;
  // Someone else's application: 404 for a stranger, 403 for the other side's action.
  const start = await timesheet(f);
  expect(start.status).toBe('not_started');
  refused(
    await api('POST', `/applications/${f.applicationId}/clock-in`, strangerChef, { code: f.code }),
    404,
  );
  refused(await api('GET', `/applications/${f.applicationId}/timesheet`, strangerRestaurant), 404);
  refused(
    await api('POST', `/applications/${f.applicationId}/clock-in`, f.restaurant, { code: f.code }),
    403,
  );
  refused(await api('POST', `/applications/${f.applicationId}/no-show`, strangerRestaurant), 404);
  // A position 5 km vague is no position.
  refused(await clockIn(f, { ...AT_DOOR, accuracy_m: 5000 }), 422, 'JOBS.LOCATION_TOO_VAGUE');
  expect(await timesheet(f)).toEqual(start);

  // Two clock-ins at once give one timesheet; a third is 409 and changes nothing.
  const both = await Promise.all([clockIn(f, { code: f.code }), clockIn(f, { code: f.code })]);
  expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  const clocked = await timesheet(f);
  expect(clocked.status).toBe('clocked_in');
  expect(clocked.events.filter((e: { type: string }) => e.type === 'clock_in')).toHaveLength(1);
  refused(await clockIn(f, { code: f.code }), 409, 'JOBS.ALREADY_CLOCKED_IN');
  expect(await timesheet(f)).toEqual(clocked);

  // A position 50 km from the door a minute after clocking in there is refused.
  const s = seats.stayLate;
  const atDoor = await timesheet(s);
  expect(atDoor).toMatchObject({ status: 'clocked_in' });
  expect(atDoor.events[0]).toMatchObject({ type: 'clock_in', method: 'location' });
  refused(
    await clockOut(s, { latitude: DOOR.latitude + 0.45, longitude: DOOR.longitude, accuracy_m: 20 }),
    422,
    'JOBS.POSITION_JUMPED',
  );
  expect(await timesheet(s)).toEqual(atDoor);

  // Sending home after SENT_HOME_WINDOW from the clock-in is too late.
  const o = seats.onTime;
  const onTime = await timesheet(o);
  refused(
    await api('POST', `/applications/${o.applicationId}/send-home`, o.restaurant, {}),
    409,
    'JOBS.SENT_HOME_WINDOW_PASSED',
  );
  expect(await timesheet(o)).toEqual(onTime);
}, 60_000);

test('sent home within the window: paid SENT_HOME_PAY_HOURS (not the whole shift), the rest refunded, a late cancellation on the restaurant', async () => {
  const s = seats.sentHome;
  expectStatus(await clockIn(s, { code: s.code }), 201);
  const home = expectStatus(
    await api('POST', `/applications/${s.applicationId}/send-home`, s.restaurant, { reason: 'Quiet night' }),
    200,
  ).body.timesheet;
  expect(home.status).toBe('sent_home');
  // max(worked, 3 minutes) = 3 of the 5 scheduled
  expect(home.pay).toMatchObject({ chef_pay_cents: pay(3), refund_cents: total(2), extra_charge_cents: 0 });
  const { earning, receipt } = await settled(s);
  paidOut(earning, pay(3));
  expect(receipt).toMatchObject({ charged_cents: total(5), refund_cents: total(2) });
  expect(receipt.timesheet).toMatchObject({ source: 'sent_home', partial_refund_cents: total(2) });
  await eventually(async () => {
    const record = expectStatus(await ops('GET', `/ops/users/${s.restaurant.id}`), 200).body.reliability;
    expect(record.late_cancellations).toBe(1);
  });
}, 60_000);

test('adjusted with the quote first, accepted by the chef: what moves is what the quote said', async () => {
  const s = seats.adjustAccepted;
  const out = expectStatus(await clockOut(s, {}), 200).body.timesheet;
  expect(out.status).toBe('submitted');
  // The restaurant sets 2 minutes from the start, no break.
  const times = {
    clock_in_at: new Date(S).toISOString(),
    clock_out_at: new Date(S + 2 * MIN).toISOString(),
    break_minutes: 0,
  };
  const quote = expectStatus(
    await api(
      'GET',
      `/applications/${s.applicationId}/timesheet/quote?${new URLSearchParams({
        clock_in_at: times.clock_in_at,
        clock_out_at: times.clock_out_at,
        break_minutes: '0',
      })}`,
      s.restaurant,
    ),
    200,
  ).body.pay;
  expect(quote).toMatchObject({ chef_pay_cents: pay(2), fee_cents: fee(2), refund_cents: total(3) });
  const adjusted = expectStatus(
    await api('POST', `/applications/${s.applicationId}/timesheet/adjust`, s.restaurant, {
      ...times,
      reason: 'Left after two minutes',
    }),
    200,
  ).body.timesheet;
  expect(adjusted).toMatchObject({ status: 'adjusted', worked_minutes: 2 });
  expect(adjusted.pay).toEqual(quote);
  const accepted = expectStatus(
    await api('POST', `/applications/${s.applicationId}/timesheet/accept`, s.chef),
    200,
  ).body.timesheet;
  expect(accepted.status).toBe('approved');
  const { earning, receipt } = await settled(s);
  paidOut(earning, quote.chef_pay_cents);
  expect(receipt).toMatchObject({
    charged_cents: total(5),
    shift_pay_cents: quote.chef_pay_cents,
    platform_fee_cents: quote.fee_cents,
    refund_cents: quote.refund_cents,
  });
}, 60_000);

test('adjusted, then disputed by the chef and decided by an operator in minutes: the money follows the decision', async () => {
  const s = seats.adjustDisputed;
  expectStatus(await clockOut(s, { code: s.code }), 200);
  expectStatus(
    await api('POST', `/applications/${s.applicationId}/timesheet/adjust`, s.restaurant, {
      clock_in_at: new Date(S).toISOString(),
      clock_out_at: new Date(S + MIN).toISOString(),
      break_minutes: 0,
      reason: 'One minute on the line',
    }),
    200,
  );
  const disputed = expectStatus(
    await api('POST', `/applications/${s.applicationId}/timesheet/dispute`, s.chef, {
      statement: 'I worked until the manager told me to stop, well past one minute.',
    }),
    200,
  ).body.timesheet;
  expect(disputed.status).toBe('disputed');
  // Out of range (more than the shift + MAX_EXTRA_HOURS) is refused; then 4 minutes.
  refused(
    await ops('POST', `/ops/disputes/${s.job.id}/resolve`, {
      worked_minutes: 5 + 4 * 60 + 1,
      note: 'Too many',
    }),
    400,
  );
  expectStatus(
    await ops('POST', `/ops/disputes/${s.job.id}/resolve`, {
      worked_minutes: 4,
      note: 'The clock events show four minutes.',
    }),
    200,
  );
  const { earning, receipt } = await settled(s);
  paidOut(earning, pay(4));
  expect(receipt).toMatchObject({ charged_cents: total(5), refund_cents: total(1) });
  expect(await timesheet(s)).toMatchObject({ status: 'resolved', worked_minutes: 4 });
}, 60_000);

test('on time as scheduled: clocked in and out by code and approved; the chef is paid the shift pay, nothing more or back', async () => {
  const s = seats.onTime;
  const out = expectStatus(await clockedOut('onTime'), 200).body.timesheet;
  expect(out).toMatchObject({ status: 'submitted', worked_minutes: 1, late: false });
  expect(out.pay).toMatchObject({ chef_pay_cents: pay(1), extra_charge_cents: 0, refund_cents: 0 });
  const approved = expectStatus(
    await api('POST', `/applications/${s.applicationId}/timesheet/approve`, s.restaurant),
    200,
  ).body.timesheet;
  expect(approved.status).toBe('approved');
  const { earning, receipt } = await settled(s);
  paidOut(earning, pay(1));
  expect(receipt).toMatchObject({ charged_cents: total(1), refund_cents: 0, platform_fee_cents: fee(1) });
  expect(receipt.timesheet).toMatchObject({
    source: 'approved',
    worked_minutes: 1,
    extra_charge_cents: 0,
    partial_refund_cents: 0,
  });
  // Paid in full, in both sides' words.
  expect(earning.money).toMatchObject({ outcome: 'paid_in_full', state: 'done', chef_pay_cents: pay(1) });
  expect(receipt.money).toMatchObject({ outcome: 'paid_in_full', state: 'done', refund_cents: 0 });
  // An adjustment after the approval is refused and changes nothing.
  const after = await timesheet(s, s.restaurant);
  const adjust = await api('POST', `/applications/${s.applicationId}/timesheet/adjust`, s.restaurant, {
    clock_in_at: new Date(S).toISOString(),
    clock_out_at: new Date(S + 30_000).toISOString(),
    break_minutes: 0,
    reason: 'Left early',
  });
  refused(adjust, 409);
  expect(await timesheet(s, s.restaurant)).toEqual(after);
}, 90_000);

test('late and short: marked late, clocked out early; the chef is paid the worked minutes, the difference and its fee refunded', async () => {
  const s = seats.lateShort;
  await until(S + LATE_AFTER_MS + 1_000 + MIN + 1_000); // a whole minute worked since the late clock-in
  const out = expectStatus(await clockOut(s, { code: s.code }), 200).body.timesheet;
  expect(out.late).toBe(true);
  const worked = out.worked_minutes as number;
  expect(worked).toBeGreaterThanOrEqual(1);
  expect(worked).toBeLessThan(3);
  expect(out.pay).toMatchObject({ chef_pay_cents: pay(worked), refund_cents: total(3 - worked) });
  expectStatus(await api('POST', `/applications/${s.applicationId}/timesheet/approve`, s.restaurant), 200);
  const { earning, receipt } = await settled(s);
  paidOut(earning, pay(worked));
  expect(receipt).toMatchObject({ charged_cents: total(3), refund_cents: total(3 - worked) });
  expect(receipt.timesheet).toMatchObject({
    worked_minutes: worked,
    partial_refund_cents: total(3 - worked),
  });
}, 90_000);

/**
 * A one-minute shift worked a minute past its end (worked time is whole minutes from the start): the chef's pay is
 * $2.00 and its fee $0.14; the escrow charged $1.07; the extra is the other $1.07.
 */
async function workedPastTheEnd(name: 'stayLate' | 'declined') {
  const s = seats[name];
  const out = expectStatus(await clockedOut(name), 200).body.timesheet;
  expect(out).toMatchObject({ status: 'submitted', worked_minutes: 2 });
  const escrow = s.subtotalCents + s.feeCents;
  expect(escrow).toBe(total(1));
  const extra = total(2) - escrow;
  // the pay block: total = charged (the escrow) + extra - refund
  expect(out.pay).toMatchObject({
    chef_pay_cents: pay(2),
    total_cents: total(2),
    charged_cents: escrow,
    extra_charge_cents: extra,
    refund_cents: 0,
  });
  expectStatus(await api('POST', `/applications/${s.applicationId}/timesheet/approve`, s.restaurant), 200);
  return { escrow, extra };
}

test('stay late: the extra is charged to the card the escrow kept; the scheduled part paid at once, the extra after', async () => {
  const s = seats.stayLate;
  const { escrow, extra } = await workedPastTheEnd('stayLate');
  const { earning, receipt } = await settled(s, pay(2));
  paidOut(earning, pay(2));
  expect(receipt).toMatchObject({ charged_cents: escrow + extra, refund_cents: 0 });
  expect(receipt.timesheet).toMatchObject({
    worked_minutes: 2,
    extra_charge_cents: extra,
    extra_charge_status: 'collected',
    extra_chef_pay_cents: pay(1),
  });
  // Paid in full (nothing went back), in both sides' words.
  expect(earning.money).toMatchObject({ outcome: 'paid_in_full', chef_pay_cents: pay(2) });
  expect(receipt.money).toMatchObject({ outcome: 'paid_in_full', refund_cents: 0 });
  expect((await timesheet(s)).status).toBe('approved');
}, 90_000);

test('a declined extra charge: the restaurant owes a balance, the chef gets only what was collected; paid, the extra moves', async () => {
  const s = seats.declined;
  const { extra } = await workedPastTheEnd('declined');
  const owed = await eventually(
    async () => {
      const b = expectStatus(await api('GET', '/payments/balances', s.restaurant), 200).body;
      if (b.balances.length === 0) throw new Error('no balance yet');
      return b;
    },
    30_000,
    300,
  );
  expect(owed).toMatchObject({
    total_cents: extra,
    balances: [{ application_id: s.applicationId, why: 'declined', amount_cents: extra }],
  });
  // The chef is paid the scheduled part at once, and nothing of the extra that was not collected.
  const before = await eventually(async () => {
    const e = expectStatus(await api('GET', '/payments/earnings', s.chef), 200).body;
    expect(e.paid_out_cents).toBe(s.subtotalCents);
    return e;
  });
  expect(before.shifts[0].timesheet).toMatchObject({ extra_charge_status: 'failed' });
  // Unpaid past BALANCE_DUE_AFTER, it is owed money in the operator console.
  await eventually(async () => {
    const owedMoney = expectStatus(await ops('GET', '/ops/balances'), 200).body.balances;
    expect(
      owedMoney.find((b: { application_id: string }) => b.application_id === s.applicationId),
    ).toMatchObject({ overdue: true, amount_cents: extra });
  }, 20_000);
  // Someone else can neither see it nor pay it.
  expect(expectStatus(await api('GET', '/payments/balances', strangerRestaurant), 200).body.balances).toEqual(
    [],
  );
  refused(
    await api('POST', `/payments/balances/${s.applicationId}/pay`, strangerRestaurant, {
      paymentMethodId: 'pm_card_visa',
    }),
    404,
  );
  // The restaurant pays it in the app with a good card: the chef's extra moves.
  const paid = expectStatus(
    await api('POST', `/payments/balances/${s.applicationId}/pay`, s.restaurant, {
      paymentMethodId: 'pm_card_visa',
    }),
    200,
  );
  expect(paid.body).toMatchObject({ payment_status: 'collected', amount_cents: extra });
  const { earning, receipt } = await settled(s, pay(2));
  paidOut(earning, pay(2));
  expect(receipt.timesheet).toMatchObject({ extra_charge_status: 'collected', extra_chef_pay_cents: pay(1) });
  expect(expectStatus(await api('GET', '/payments/balances', s.restaurant), 200).body.balances).toEqual([]);
}, 90_000);

test('an uncontested no-show becomes final after HOURS_DISPUTE_WINDOW and is refunded in full', async () => {
  const s = seats.noShowFinal;
  const { earning, receipt } = await settled(s);
  expect(receipt).toMatchObject({
    charged_cents: total(3),
    refund_cents: total(3),
    payment_status: 'refunded',
  });
  expect(earning).toMatchObject({ status: 'refunded', gross_pay_cents: 0 });
  // The window has passed: contesting now is too late.
  refused(
    await api('POST', `/applications/${s.applicationId}/timesheet/dispute`, s.chef, {
      statement: 'I was there',
    }),
    409,
  );
}, 60_000);
