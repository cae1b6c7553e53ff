import {
  formatDuration,
  formatPayHours,
  formatUsd,
  keptDateFormat,
  loadPolicy,
  moneyText,
  type Language,
  type MarkKind,
  type MoneyFacts,
  type MoneySide,
  type Policy,
  type CredentialType,
} from '@brigade/contracts';
import { catalogName } from '@brigade/contracts/catalog';
import { whyText, type AlertWhy } from './alert-reasons';

/** Everything a text may mention, resolved from the read model when the text is sent. */
export interface TemplateContext {
  url: string;
  timeZone: string;
  job_id?: string;
  application_id?: string;
  job_title?: string;
  start_time?: string;
  hourly_rate_cents?: number | null;
  amount_cents?: number;
  was_accepted?: boolean;
  chef_name?: string | null;
  restaurant_name?: string | null;
  restaurant_address?: string | null;
  sender_name?: string | null;
  // issue 16: the money rules
  /** The rules the texts cite (LATE_CANCEL_WINDOW, CANCELLATION_PAY_HOURS): the service's policy. */
  policy?: Pick<Policy, 'lateCancelWindowMs' | 'cancellationPayHours'>;
  /** The chef had confirmed the shift they cancelled (it reopened). */
  was_confirmed?: boolean;
  /** Within LATE_CANCEL_WINDOW of the start: a late cancellation. */
  late?: boolean;
  chef_pay_cents?: number;
  fee_cents?: number;
  refund_cents?: number;
  /** What the restaurant was charged (the whole of it comes back when the shift expires); null when unknown. */
  total_cents?: number | null;
  /** Money was held for the shift (an expired shift is refunded). */
  refund_due?: boolean;
  /** When checkout answers are due (ISO). */
  deadline?: string;
  /** How the checkout closed: paid out, refunded, or held for review. */
  outcome?: 'release' | 'refund' | 'disputed';
  /** Why a split was made: a late cancellation, or a decision after review. */
  reason?: 'late_cancellation' | 'dispute_decision' | 'timesheet' | 'sent_home';
  // issue 17: operators
  /** Who cancelled: `system` when Brigade did it (an operator suspended the account). */
  cancelled_by?: 'restaurant' | 'chef' | 'system';
  // issue 37: the fill engine
  /** The chef's seat was released because they did not reconfirm by RECONFIRM_BY. */
  missed_reconfirmation?: boolean;
  // issue 35: seats
  /** the seats of a posting that expired unbooked at the start (their numbers) */
  seats?: number[];
  /** the posting's number of chefs */
  headcount?: number;
  // issue 32: what the money did, as the event that moved or decided it says
  money?: MoneyFacts;
  // issue 34: the working day
  /** running late: the minutes the chef announced */
  minutes?: number;
  /** the timesheet's worked minutes (an adjustment, a decision, sent home) */
  worked_minutes?: number;
  /** an extra charged (or owed) for hours past the end, with its fee */
  extra_charge_cents?: number;
  /** the off-session charge needs the restaurant to authenticate (its bank asks) */
  requires_authentication?: boolean;
  // issue 35: an edit of a posted shift
  /** the booked seat's terms before and after the edit (the chef reads them old → new) */
  edit?: EditTerms;
  // issue 37: the fill engine
  /** why this chef was told about the shift (a text about an open shift jobs chose them for) */
  alert?: AlertWhy;
  // issue 38: tips
  /** why the card did not pay a tip (payments' card text) */
  // issue 38: an instant payout
  /** what reached (or was to reach) the chef's debit card: the amount less the fee */
  net_cents?: number;
  /** why a tip's card did not pay (payments' card text), or why a payout failed (the provider's words) */
  failure_message?: string | null;
  // issue 38: a restaurant's weekly statement is ready
  statement?: StatementFacts;
  // issue 39: an appeal decided
  /** the kind of the mark appealed (`no_show`) */
  mark_kind?: MarkKind;
  // issue 39: a review hidden by an operator
  /** who wrote the review (the other side is the one reviewed) */
  review_author_side?: 'chef' | 'restaurant';
  /** the operator's reason, as written */
  hidden_reason?: string;
  // issue 39: a chef's credential (its type, expiry date and the operator's reason)
  credential?: CredentialFacts;
}

/** A credential a text is about (issue 39): its type, the day it expires, and why it was rejected or revoked. */
export interface CredentialFacts {
  type: CredentialType;
  /** YYYY-MM-DD */
  expires_on: string;
  reason: string | null;
}

/** The week a statement covers (ISO week, e.g. 2026-W48), its totals and the web app's path of it. */
export interface StatementFacts {
  week: string;
  path: string;
  charged_cents: number;
  net_cents: number;
}

/** One side of an edit as a booked chef reads it: the times, the rate and their pay for the seat. */
export interface EditSide {
  start_time: string;
  end_time: string;
  hourly_rate_cents: number;
  /** the seat's shift pay at these terms (escrowCharge's subtotal: the time less the break, at the rate) */
  pay_cents: number;
}

export interface EditTerms {
  before: EditSide;
  after: EditSide;
}

export type Render = (c: TemplateContext, f: Format) => string;

/**
 * A text that is the money fact alone: the shift, then what its money did for this side. The same in each
 * language: the words are the contracts' money texts (`f.money`), already in the reader's language.
 */
export const moneyOnlyText =
  (side: MoneySide): Render =>
  (_c, f) =>
    `Brigade: ${f.shift}: ${f.money(side) ?? ''}`;

export interface Format {
  when: string;
  time: string;
  /** the quoted job title in the reader's language (the catalog's position), or "your shift" when unknown */
  title: string;
  /**
   * the quoted job title after a space, or nothing when unknown: for a text that already says the shift
   * (`el turno${f.titled} del ...`, `your shift${f.titled} at ...`), which must not read "el turno tu turno"
   */
  titled: string;
  /** the shift named with its day and time: `"Line Cook" on Fri, Mar 6, 1:00 PM`, `el turno "Line Cook" del ...` */
  shift: string;
  chef: string;
  restaurant: string;
  /** mid-sentence forms, for when the name is unknown */
  restaurantMid: string;
  chefMid: string;
  sender: string;
  rate: string;
  /** the checkout deadline, as `when` is written */
  deadline: string;
  /** LATE_CANCEL_WINDOW as people say it (`24 hours`) */
  window: string;
  /** CANCELLATION_PAY_HOURS (`4 hours`) */
  payHours: string;
  usd: (cents: number | null | undefined) => string;
  /** worked minutes as hours and minutes: `7 h 30 min` */
  hours: string;
  /** What the money did, for one side: the contracts' outcome text (null when the text carries no money facts). */
  money: (side: MoneySide) => string | null;
  /** Issue 37: " Why you: within 6 mi and available Fridays." before the link, or nothing without an alert. */
  why: string;
}

const DAY_AND_TIME = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;
const TIME = { hour: 'numeric', minute: '2-digit' } as const;
const written = new Map<string, string>();

/**
 * An instant as a shape of `keptDateFormat` writes it, kept (issue 41): the texts of a page name the same few shifts'
 * starts, and an inbox page is rendered anew on every poll that changed, each date a few microseconds of `Intl`.
 * What is kept is the same for every reader (locale, zone, shape and instant make it), never an answer.
 */
function writeInstant(
  iso: string | undefined,
  timeZone: string,
  locale: string,
  shape: typeof DAY_AND_TIME | typeof TIME,
) {
  if (!iso) return '';
  const key = `${shape === TIME ? 't' : 'd'} ${locale} ${timeZone} ${iso}`;
  let text = written.get(key);
  if (text === undefined) {
    const d = new Date(iso);
    text = Number.isNaN(d.getTime()) ? '' : keptDateFormat(locale, timeZone, shape).format(d);
    if (written.size >= 4096) written.clear();
    written.set(key, text);
  }
  return text;
}

/** Day and time in the restaurant city's time zone: `Fri, Mar 6, 1:00 PM`. */
export function dayAndTime(iso: string | undefined, timeZone: string, locale: string): string {
  return writeInstant(iso, timeZone, locale, DAY_AND_TIME);
}

/** The defaults of the contracts' policy, for a text rendered without the service's (template tests). */
const DEFAULT_POLICY = loadPolicy({});

/**
 * What a text fills in, each value worked out when a template first reads it (issue 41): a template reads a few
 * of them (most the shift and the rate), and an inbox page renders 20 texts per answer, so the dates and
 * durations no template of the page asks for are never formatted.
 */
class Formatted implements Format {
  private readonly es: boolean;
  private readonly locale: string;
  private titleText: string | undefined;

  constructor(
    private readonly c: TemplateContext,
    private readonly language: Language,
  ) {
    this.es = language === 'es';
    this.locale = this.es ? 'es-US' : 'en-US';
  }

  get when(): string {
    return dayAndTime(this.c.start_time, this.c.timeZone, this.locale);
  }

  get time(): string {
    return writeInstant(this.c.start_time, this.c.timeZone, this.locale, TIME);
  }

  // A job's title is a position of the catalog: written in the reader's language (issue 32), never translated
  // by a machine; a title that is not in the list is written as it is.
  private get name(): string {
    const { job_title } = this.c;
    return (this.titleText ??= job_title
      ? (catalogName('positions', job_title, this.language) ?? job_title)
      : '');
  }

  get title(): string {
    return this.name ? `"${this.name}"` : this.es ? 'tu turno' : 'your shift';
  }

  get titled(): string {
    return this.name ? ` "${this.name}"` : '';
  }

  get shift(): string {
    const { when, titled } = this;
    return this.es
      ? `${titled ? `el turno${titled}` : 'tu turno'}${when ? ` del ${when}` : ''}`
      : `${this.title}${when ? ` on ${when}` : ''}`;
  }

  get chef(): string {
    return this.c.chef_name || (this.es ? 'Un chef' : 'A chef');
  }

  get restaurant(): string {
    return this.c.restaurant_name || (this.es ? 'El restaurante' : 'The restaurant');
  }

  get restaurantMid(): string {
    return this.c.restaurant_name || (this.es ? 'el restaurante' : 'the restaurant');
  }

  get chefMid(): string {
    return this.c.chef_name || (this.es ? 'el chef' : 'the chef');
  }

  get sender(): string {
    return this.c.sender_name || (this.es ? 'la otra parte' : 'the other side');
  }

  get rate(): string {
    return this.c.hourly_rate_cents != null ? formatUsd(this.c.hourly_rate_cents) : '';
  }

  get deadline(): string {
    return dayAndTime(this.c.deadline, this.c.timeZone, this.locale);
  }

  get window(): string {
    return formatDuration((this.c.policy ?? DEFAULT_POLICY).lateCancelWindowMs, this.language);
  }

  get payHours(): string {
    return formatPayHours(this.c.policy ?? DEFAULT_POLICY, this.language);
  }

  get hours(): string {
    return hoursAndMinutes(this.c.worked_minutes ?? 0);
  }

  get why(): string {
    return whyText(this.c.alert, this.language);
  }

  readonly usd = (cents: number | null | undefined) => formatUsd(cents ?? 0);

  readonly money = (side: MoneySide) => (this.c.money ? moneyText(this.language, side, this.c.money) : null);
}

export function format(c: TemplateContext, language: Language): Format {
  return new Formatted(c, language);
}

/** Worked minutes as people read them on a timesheet: `7 h 30 min`, `45 min`, `8 h` (both languages). */
function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** End a sentence once: "2:30 p.m." already ends with a period. */
export const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** Spanish says "a la 1:30" but "a las 2:30". */
export const aLas = (time: string) => (/^1[:.]/.test(time) ? `a la ${time}` : `a las ${time}`);
