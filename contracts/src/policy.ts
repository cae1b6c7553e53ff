import { BOOKING_FEE_BPS } from './constants';

/**
 * Brigade's money rules as data: how every paid shift leaves escrow (cancellation, expiry, checkout deadline)
 * and how reliability is counted. One module, read by jobs (the decisions), payments (the movements and the
 * stuck-money report), notifications (reminders and texts), identity (reliability windows) and the web app
 * (through the figures the API answers). Durations come from the environment in the `ms` style (`90s`, `24h`,
 * `2d`) so tests and demos can shorten them; the texts that cite the rules are in `policy-texts.ts`.
 */
export interface Policy {
  /** A cancellation this close to the start (or closer) is late: `LATE_CANCEL_WINDOW`, default 24h. */
  lateCancelWindowMs: number;
  /** A late cancellation by the restaurant pays the chef this many hours, at most the shift pay. */
  cancellationPayHours: number;
  /** How long after the shift's end each side may answer its checkout: `CHECKOUT_DEADLINE`, default 48h. */
  checkoutDeadlineMs: number;
  /** Reminders to a side that has not answered, this long before the deadline: `CHECKOUT_REMINDERS`. */
  checkoutReminderLeadsMs: number[];
  /** Money still held this long after its rule's deadline is stuck (the report a platform pages on). */
  stuckMoneyAfterMs: number;
  /** An undecided dispute this old is reminded to operators once (log and metric): `DISPUTE_REMINDER_AFTER`, 72h. */
  disputeReminderAfterMs: number;
  /** The recent window of reliability records, in days (all-time counts are kept too). */
  reliabilityWindowDays: number;
  /**
   * The travel time a chef needs between two shifts: `SHIFT_GAP`, default 30m. A chef who holds a shift cannot
   * take another that starts less than this after it ends, or ends less than this before it starts (issue 32).
   */
  shiftGapMs: number;
  /** The platform's fee on what the chef is paid, in basis points (7%). */
  feeBps: number;
  /**
   * From this long before a booked shift's start until its checkout deadline, each side sees the other's phone
   * (issue 32): `CONTACT_WINDOW`, default 24h.
   */
  contactWindowMs: number;
  /**
   * Each side of a dispute writes at most this many statements (`DISPUTE_STATEMENTS_MAX`, default 10), and at
   * most `disputeStatementRate` of them in any minute (`DISPUTE_STATEMENT_RATE`, default 3) (issue 33).
   */
  disputeStatementsMax: number;
  disputeStatementRate: number;

  // ---- the working day (issue 34): the clock, the timesheet and the money that follows the hours ----
  /** A confirmed chef may clock in from this long before the start (until the end): `CLOCK_IN_EARLY`, 30m. */
  clockInEarlyMs: number;
  /** A location clock-in is within this many meters of the restaurant's pin: `GEOFENCE_METERS`, 250. */
  geofenceMeters: number;
  /** A chef who never clocks out is clocked out (at the scheduled end) this long after it: `AUTO_CLOCK_OUT_AFTER`, 4h. */
  autoClockOutAfterMs: number;
  /** Work past the scheduled end is paid up to this many hours beyond it: `MAX_EXTRA_HOURS`, 4. */
  maxExtraHours: number;
  /** The restaurant may send a chef home this long after the chef clocked in: `SENT_HOME_WINDOW`, 1h. */
  sentHomeWindowMs: number;
  /** A chef sent home is paid at least this many hours (never more than the shift pay): `SENT_HOME_PAY_HOURS`, 4. */
  sentHomePayHours: number;
  /** A confirmed chef not clocked in this long after the start may be marked a no-show: `NO_SHOW_AFTER`, 1h. */
  noShowAfterMs: number;
  /** The chef answers an adjustment or a no-show within this long; silence accepts: `HOURS_DISPUTE_WINDOW`, 24h. */
  hoursDisputeWindowMs: number;
  /** A submitted timesheet the restaurant leaves alone is approved this long after clock-out: `TIMESHEET_APPROVAL_DEADLINE`, 48h. */
  timesheetApprovalDeadlineMs: number;
  /** An extra charge still unpaid this long after it failed is owed money in the console: `BALANCE_DUE_AFTER`, 72h. */
  balanceDueAfterMs: number;
  /**
   * A clock-in later than this after the start marks the timesheet late (shown, not punished):
   * `LATE_CLOCK_IN_AFTER`, 10m (a setting only so tests and demos can shorten it, like the other durations).
   */
  lateClockInAfterMs: number;
  /**
   * The shortest shift that may be posted: `MIN_SHIFT_DURATION`, default 2h (issue 35: a 20-second shift was
   * priced $0 and could not be paid). A setting so tests and demos can post short shifts.
   */
  minShiftDurationMs: number;
  /**
   * The smallest amount a card is charged or refunded (cents); a difference under it is not moved, and a posting
   * whose charge would be under it is refused (issue 35): 50.
   */
  cardMinimumCents: number;
  /**
   * A direct offer to a chef ends this long after it was made (or at the shift's start, if sooner):
   * `OFFER_EXPIRES_AFTER`, default 2h (issue 35).
   */
  offerExpiresAfterMs: number;
  /**
   * A booked chef answers an edit of their shift's times or pay within this (and at the latest by the start); no
   * answer keeps the booking at the new terms: `EDIT_ANSWER_WINDOW`, default 12h (issue 35).
   */
  editAnswerWindowMs: number;
  /** A recurring series reaches at most this many weeks ahead: `SERIES_MAX_WEEKS`, default 12 (issue 35). */
  seriesMaxWeeks: number;
  /**
   * Each occurrence of a series (and each date of a repeat beyond the posting window) is posted and charged this
   * long before it starts: `SERIES_CHARGE_LEAD`, default 7d (issue 35).
   */
  seriesChargeLeadMs: number;
  /** This many wrong clock codes in a row lock the code of that application... */
  clockCodeMaxWrong: number;
  /** ...for this long (5 wrong codes, 15 minutes). */
  clockCodeLockMs: number;
}

/** The environment variables of the policy and their defaults. */
export const POLICY_ENV = {
  LATE_CANCEL_WINDOW: '24h',
  CANCELLATION_PAY_HOURS: '4',
  CHECKOUT_DEADLINE: '48h',
  CHECKOUT_REMINDERS: '24h,2h',
  STUCK_MONEY_AFTER: '1h',
  DISPUTE_REMINDER_AFTER: '72h',
  CONTACT_WINDOW: '24h',
  SHIFT_GAP: '30m',
  DISPUTE_STATEMENTS_MAX: '10',
  DISPUTE_STATEMENT_RATE: '3',
  CLOCK_IN_EARLY: '30m',
  GEOFENCE_METERS: '250',
  AUTO_CLOCK_OUT_AFTER: '4h',
  MAX_EXTRA_HOURS: '4',
  SENT_HOME_WINDOW: '1h',
  SENT_HOME_PAY_HOURS: '4',
  NO_SHOW_AFTER: '1h',
  HOURS_DISPUTE_WINDOW: '24h',
  TIMESHEET_APPROVAL_DEADLINE: '48h',
  BALANCE_DUE_AFTER: '72h',
  LATE_CLOCK_IN_AFTER: '10m',
  MIN_SHIFT_DURATION: '2h',
  OFFER_EXPIRES_AFTER: '2h',
  EDIT_ANSWER_WINDOW: '12h',
  SERIES_MAX_WEEKS: '12',
  SERIES_CHARGE_LEAD: '7d',
} as const;

export const RELIABILITY_WINDOW_DAYS = 90;

/** Issue 34's fixed rules (not settings): the card minimum, the clock-code lock; and the late mark's default. */
export const LATE_CLOCK_IN_AFTER_MS = 10 * 60_000;
export const CARD_MINIMUM_CENTS = 50;
export const CLOCK_CODE_MAX_WRONG = 5;
export const CLOCK_CODE_LOCK_MS = 15 * 60_000;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90s`, `15m`, `24h`, `2d`, `500ms` (or a bare number of milliseconds) -> milliseconds; null when unreadable. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!m) return null;
  const unit = (m[2]?.toLowerCase() ?? 'ms') as keyof typeof UNIT_MS;
  return Math.round(Number(m[1]) * UNIT_MS[unit]);
}

export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}

/** The policy in effect: the environment's durations over the defaults. Throws on an unreadable value. */
export function loadPolicy(env: Record<string, string | undefined> = {}): Policy {
  const read = (name: keyof typeof POLICY_ENV) => {
    const raw = env[name]?.trim() || POLICY_ENV[name];
    return { name, raw };
  };
  const duration = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const ms = parseDuration(raw);
    if (ms === null || ms <= 0)
      throw new PolicyError(`${name} must be a duration like 90s, 30m, 24h or 2d (got "${raw}")`);
    return ms;
  };
  // A gap may be 0 (back-to-back shifts at one place are then allowed); a duration may not.
  const gap = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const ms = parseDuration(raw);
    if (ms === null || ms < 0)
      throw new PolicyError(`${name} must be a duration like 0m, 30m or 1h (got "${raw}")`);
    return ms;
  };
  const count = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 1000)
      throw new PolicyError(`${name} must be a whole number from 1 to 1000 (got "${raw}")`);
    return n;
  };
  // A number of hours, 0 or more (0.5 is half an hour)
  const hoursOf = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0)
      throw new PolicyError(`${name} must be a number of hours (got "${raw}")`);
    return n;
  };
  const meters = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 100_000)
      throw new PolicyError(`${name} must be a whole number of meters from 1 to 100000 (got "${raw}")`);
    return n;
  };
  const leads = read('CHECKOUT_REMINDERS')
    .raw.split(',')
    .map((part) => parseDuration(part));
  if (leads.some((l) => l === null || l <= 0))
    throw new PolicyError(
      `CHECKOUT_REMINDERS must be durations before the deadline, like 24h,2h (got "${read('CHECKOUT_REMINDERS').raw}")`,
    );
  return {
    lateCancelWindowMs: duration('LATE_CANCEL_WINDOW'),
    cancellationPayHours: hoursOf('CANCELLATION_PAY_HOURS'),
    checkoutDeadlineMs: duration('CHECKOUT_DEADLINE'),
    checkoutReminderLeadsMs: (leads as number[]).sort((a, b) => b - a),
    stuckMoneyAfterMs: duration('STUCK_MONEY_AFTER'),
    disputeReminderAfterMs: duration('DISPUTE_REMINDER_AFTER'),
    shiftGapMs: gap('SHIFT_GAP'),
    reliabilityWindowDays: RELIABILITY_WINDOW_DAYS,
    feeBps: BOOKING_FEE_BPS,
    contactWindowMs: duration('CONTACT_WINDOW'),
    disputeStatementsMax: count('DISPUTE_STATEMENTS_MAX'),
    disputeStatementRate: count('DISPUTE_STATEMENT_RATE'),
    clockInEarlyMs: gap('CLOCK_IN_EARLY'),
    geofenceMeters: meters('GEOFENCE_METERS'),
    autoClockOutAfterMs: duration('AUTO_CLOCK_OUT_AFTER'),
    maxExtraHours: hoursOf('MAX_EXTRA_HOURS'),
    sentHomeWindowMs: duration('SENT_HOME_WINDOW'),
    sentHomePayHours: hoursOf('SENT_HOME_PAY_HOURS'),
    noShowAfterMs: duration('NO_SHOW_AFTER'),
    hoursDisputeWindowMs: duration('HOURS_DISPUTE_WINDOW'),
    timesheetApprovalDeadlineMs: duration('TIMESHEET_APPROVAL_DEADLINE'),
    balanceDueAfterMs: duration('BALANCE_DUE_AFTER'),
    lateClockInAfterMs: duration('LATE_CLOCK_IN_AFTER'),
    minShiftDurationMs: duration('MIN_SHIFT_DURATION'),
    offerExpiresAfterMs: duration('OFFER_EXPIRES_AFTER'),
    editAnswerWindowMs: duration('EDIT_ANSWER_WINDOW'),
    seriesMaxWeeks: count('SERIES_MAX_WEEKS'),
    seriesChargeLeadMs: duration('SERIES_CHARGE_LEAD'),
    cardMinimumCents: CARD_MINIMUM_CENTS,
    clockCodeMaxWrong: CLOCK_CODE_MAX_WRONG,
    clockCodeLockMs: CLOCK_CODE_LOCK_MS,
  };
}
