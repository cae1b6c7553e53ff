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

  // ---- the fill engine (issue 37): instant book, reconfirmation, standby, alerts ----
  /** A chef may instant-book after this many completed shifts: `INSTANT_BOOK_MIN_SHIFTS`, default 3. */
  instantBookMinShifts: number;
  /** A confirmed chef is asked to reconfirm from this long before the start: `RECONFIRM_OPENS`, default 48h. */
  reconfirmOpensMs: number;
  /** ...and loses the seat when not reconfirmed this long before the start: `RECONFIRM_BY`, default 16h. */
  reconfirmByMs: number;
  /** Each standby chef has this long to take a reopened seat before the next is offered it: `STANDBY_OFFER_MINUTES`, 15. */
  standbyOfferMs: number;
  /** At most this many chefs are texted about one new, urgent, reopened or boosted shift: `ALERT_FANOUT`, 50. */
  alertFanout: number;

  // ---- paid like a professional (issue 38): tips, instant payout, statements ----
  /** A restaurant may tip a worked shift until this long after its end: `TIP_WINDOW`, default 7d. */
  tipWindowMs: number;
  /** The instant payout fee, basis points of the amount cashed out: `INSTANT_PAYOUT_FEE_BPS`, default 150. */
  instantPayoutFeeBps: number;
  /** The fee is never under this (fees round half up to the cent): 50 cents, a fixed rule. */
  instantPayoutMinFeeCents: number;
  /** Instant payout is free after this many worked and paid shifts, with no no-show in 90 days: default 5. */
  instantPayoutFreeMinShifts: number;
  /** A year's payments at or over this reach the tax form's reporting threshold: default 200000 ($2,000). */
  taxFormThresholdCents: number;
  /** The ISO weekday (1 Monday .. 7 Sunday) restaurants are texted last week's statement: `STATEMENT_DAY`. */
  statementDay: number;

  // ---- trust both ways (issue 39): appeals of a record ----
  /** A chef or a restaurant may appeal a mark on its record until this long after it: `APPEAL_WINDOW`, 14d. */
  appealWindowMs: number;
  // ---- trust both ways (issue 39): reviews ----
  /**
   * A review is published when both sides of the seat reviewed, or this long after the shift's end when one
   * never did (double-blind: until then the other side cannot read it): `REVIEW_PUBLISH_AFTER`, default 7d.
   */
  reviewPublishAfterMs: number;
  // ---- trust both ways (issue 39): credentials ----
  /**
   * A chef is texted this long before a verified credential stops counting (00:00 of its expiry day in their
   * city's zone): `CREDENTIAL_EXPIRY_NOTICE`, default 30d.
   */
  credentialExpiryNoticeMs: number;
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
  INSTANT_BOOK_MIN_SHIFTS: '3',
  RECONFIRM_OPENS: '48h',
  RECONFIRM_BY: '16h',
  STANDBY_OFFER_MINUTES: '15',
  ALERT_FANOUT: '50',
  TIP_WINDOW: '7d',
  INSTANT_PAYOUT_FEE_BPS: '150',
  INSTANT_PAYOUT_FREE_MIN_SHIFTS: '5',
  TAX_FORM_THRESHOLD_CENTS: '200000',
  STATEMENT_DAY: 'monday',
  APPEAL_WINDOW: '14d',
  REVIEW_PUBLISH_AFTER: '7d',
  CREDENTIAL_EXPIRY_NOTICE: '30d',
} as const;

/** Issue 38's fixed rule: an instant payout's fee is at least 50 cents. */
export const INSTANT_PAYOUT_MIN_FEE_CENTS = 50;

/** The weekdays `STATEMENT_DAY` takes, by ISO number (1 Monday .. 7 Sunday). */
export const ISO_WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

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
  // A whole number, 0 allowed (INSTANT_BOOK_MIN_SHIFTS=0: every chef with a clean record may book now)
  const whole = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n > 1000)
      throw new PolicyError(`${name} must be a whole number from 0 to 1000 (got "${raw}")`);
    return n;
  };
  // Minutes as a number (STANDBY_OFFER_MINUTES=0.1 is six seconds, for tests)
  const minutes = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0 || n > 1440)
      throw new PolicyError(`${name} must be a number of minutes from 0 to 1440 (got "${raw}")`);
    return Math.round(n * 60_000);
  };
  // Basis points, 0 to 10000 (INSTANT_PAYOUT_FEE_BPS=0: no percentage, the 50-cent minimum still applies)
  const bps = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n > 10_000)
      throw new PolicyError(`${name} must be a whole number of basis points from 0 to 10000 (got "${raw}")`);
    return n;
  };
  const cents = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n > 100_000_000)
      throw new PolicyError(`${name} must be a whole number of cents (got "${raw}")`);
    return n;
  };
  const weekday = (name: keyof typeof POLICY_ENV) => {
    const { raw } = read(name);
    const n = /^[1-7]$/.test(raw)
      ? Number(raw)
      : ISO_WEEKDAYS.indexOf(raw.toLowerCase() as (typeof ISO_WEEKDAYS)[number]) + 1;
    if (n < 1) throw new PolicyError(`${name} must be a weekday like monday, or 1 to 7 (got "${raw}")`);
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
    instantBookMinShifts: whole('INSTANT_BOOK_MIN_SHIFTS'),
    ...reconfirmWindow(duration('RECONFIRM_OPENS'), duration('RECONFIRM_BY')),
    standbyOfferMs: minutes('STANDBY_OFFER_MINUTES'),
    alertFanout: count('ALERT_FANOUT'),
    tipWindowMs: duration('TIP_WINDOW'),
    instantPayoutFeeBps: bps('INSTANT_PAYOUT_FEE_BPS'),
    instantPayoutMinFeeCents: INSTANT_PAYOUT_MIN_FEE_CENTS,
    instantPayoutFreeMinShifts: whole('INSTANT_PAYOUT_FREE_MIN_SHIFTS'),
    taxFormThresholdCents: cents('TAX_FORM_THRESHOLD_CENTS'),
    statementDay: weekday('STATEMENT_DAY'),
    appealWindowMs: duration('APPEAL_WINDOW'),
    reviewPublishAfterMs: duration('REVIEW_PUBLISH_AFTER'),
    credentialExpiryNoticeMs: duration('CREDENTIAL_EXPIRY_NOTICE'),
  };
}

/** RECONFIRM_OPENS must come before RECONFIRM_BY (48h then 16h before the start): a window of some length. */
function reconfirmWindow(opensMs: number, byMs: number) {
  if (opensMs <= byMs)
    throw new PolicyError(
      `RECONFIRM_OPENS must be longer before the start than RECONFIRM_BY (got ${opensMs} ms and ${byMs} ms)`,
    );
  return { reconfirmOpensMs: opensMs, reconfirmByMs: byMs };
}
