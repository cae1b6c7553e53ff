import {
  MARK_KIND_NAMES,
  CREDENTIAL_TYPES,
  paymentsHttp,
  timeZoneOfCity,
  WEEKDAYS,
  type MarkKind,
  type MoneyFacts,
} from '@brigade/contracts';
import { z } from 'zod';
import type { NotificationsContext } from '../context';
import type { Recipient } from '../db/read-model.repository';
import type { TemplateContext } from '../domain/templates';
import type { CredentialFacts, EditTerms, StatementFacts } from '../domain/sms-format';
import type { AlertWhy } from '../domain/alert-reasons';

// A queued text's vars made into what its template reads (names, the city's time zone, money facts). Sending a
// text and reading one's inbox both render through it.

/** The people a text's vars name (the chef, the restaurant, a message's sender), for a batch lookup. */
export const namedIds = (vars: Record<string, unknown>): string[] =>
  ['chef_id', 'restaurant_id', 'sender_id'].flatMap((k) =>
    typeof vars[k] === 'string' ? [vars[k] as string] : [],
  );

/**
 * The people each text names, from everyone a batch of texts names (`NamedRecipient`s: read in one statement) and
 * the texts' reader: an id is a person's user id first, else a profile id, and the reader's own id is the reader, as
 * one `findRecipient` per id had it.
 */
export function peopleFinder(
  reader: Recipient,
  named: Array<Recipient & { profile_id: string | null }>,
): (vars: Record<string, unknown>) => NamedPeople {
  const byId = new Map<string, Recipient>();
  for (const r of named) if (r.profile_id) byId.set(r.profile_id, r);
  for (const r of named) byId.set(r.user_id, r);
  byId.set(reader.user_id, reader);
  const find = (vars: Record<string, unknown>, key: string) =>
    typeof vars[key] === 'string' ? (byId.get(vars[key] as string) ?? null) : null;
  return (vars) => ({
    chef: find(vars, 'chef_id'),
    restaurant: find(vars, 'restaurant_id'),
    sender: find(vars, 'sender_id'),
  });
}

/** The people a text names, found. */
export interface NamedPeople {
  chef: Recipient | null;
  restaurant: Recipient | null;
  sender: Recipient | null;
}

/**
 * What a text's template needs, from its vars and the people it names (found beforehand: an inbox page and a batch
 * of texts being sent read everyone their texts name in one statement), for its recipient (their city's time
 * zone): the same for the text sent and for the inbox entry read later.
 */
export function contextWith(
  ctx: Pick<NotificationsContext, 'config'>,
  recipient: Recipient,
  vars: Record<string, unknown>,
  { chef, restaurant, sender }: NamedPeople,
): TemplateContext {
  const str = (k: string) => (typeof vars[k] === 'string' ? (vars[k] as string) : undefined);
  const num = (k: string) => (typeof vars[k] === 'number' ? (vars[k] as number) : undefined);
  const city = restaurant?.city ?? (recipient.user_type === 'restaurant' ? recipient.city : null);
  return {
    url: ctx.config.PUBLIC_URL.replace(/\/$/, ''),
    timeZone: timeZoneOfCity(city),
    job_id: str('job_id'),
    application_id: str('application_id'),
    job_title: str('job_title'),
    start_time: str('start_time'),
    hourly_rate_cents: typeof vars.hourly_rate_cents === 'number' ? vars.hourly_rate_cents : null,
    amount_cents: num('amount_cents'),
    was_accepted: vars.was_accepted === true,
    was_confirmed: vars.was_confirmed === true,
    late: vars.late === true,
    chef_pay_cents: num('chef_pay_cents'),
    fee_cents: num('fee_cents'),
    refund_cents: num('refund_cents'),
    total_cents: num('total_cents') ?? null,
    refund_due: vars.refund_due === true,
    deadline: str('deadline'),
    outcome: str('outcome') as TemplateContext['outcome'],
    reason: str('reason') as TemplateContext['reason'],
    cancelled_by: str('cancelled_by') as TemplateContext['cancelled_by'],
    missed_reconfirmation: vars.missed_reconfirmation === true,
    minutes: num('minutes'),
    worked_minutes: num('worked_minutes'),
    extra_charge_cents: num('extra_charge_cents'),
    requires_authentication: vars.requires_authentication === true,
    seats: seatsOf(vars.seats),
    headcount: num('headcount'),
    money: moneyOf(vars.money),
    edit: editOf(vars.edit),
    alert: alertOf(vars.alert),
    // issue 38: an instant payout's net; a tip's card text or a payout's failure
    net_cents: num('net_cents'),
    failure_message: str('failure_message') ?? null,
    statement: statementOf(vars.statement),
    // issue 39: the mark an appeal was about
    mark_kind: markKindOf(vars.mark_kind),
    // issue 39: a review hidden by an operator
    review_author_side: str('review_author_side') as TemplateContext['review_author_side'],
    hidden_reason: str('hidden_reason'),
    credential: credentialOf(vars.credential),
    policy: ctx.config.policy,
    chef_name: chef?.name,
    restaurant_name: restaurant?.name,
    restaurant_address: restaurant?.address,
    sender_name: sender?.name,
  };
}

/** The kind of mark a queued text names (issue 39), when it is one. */
function markKindOf(value: unknown): MarkKind | undefined {
  return (MARK_KIND_NAMES as readonly unknown[]).includes(value) ? (value as MarkKind) : undefined;
}

/** The seat numbers a queued text names (issue 35: the seats that expired), when it names any. */
function seatsOf(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((n) => Number.isInteger(n)) ? (value as number[]) : undefined;
}

const EditSideSchema = z.object({
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate_cents: z.number().int(),
  pay_cents: z.number().int(),
});
const EditTermsSchema = z.object({ before: EditSideSchema, after: EditSideSchema });

/** A booked seat's terms before and after an edit (issue 35), on the text that tells its chef. */
function editOf(value: unknown): EditTerms | undefined {
  if (value === undefined) return undefined; // most texts carry none: no failed parse for them
  const parsed = EditTermsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const AlertSchema = z.object({
  reason: z.enum(['favorite', 'standby', 'nearby']),
  miles: z.number().nullable(),
  weekday: z.enum(WEEKDAYS).nullable(),
});

/** Why the chef was told about a shift (issue 37), on the texts jobs chose them for (none on older texts). */
function alertOf(value: unknown): AlertWhy | undefined {
  if (value === undefined) return undefined; // most texts carry none: no failed parse for them
  const parsed = AlertSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The money facts a queued text carries (none on texts queued before issue 32, or without money). */
function moneyOf(value: unknown): MoneyFacts | undefined {
  if (value === undefined) return undefined; // most texts carry none: no failed parse for them
  const parsed = paymentsHttp.MoneyOutcome.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

// Issue 38: the weekly statement's week, totals and path (the path is the web app's statements page, no other).
const StatementSchema = z.object({
  week: z.string().regex(/^\d{4}-W\d{2}$/),
  path: z.string().regex(/^\/statements\?week=\d{4}-W\d{2}$/),
  charged_cents: z.number().int(),
  net_cents: z.number().int(),
});

/** The statement a queued text announces (issue 38), when it announces one. */
function statementOf(value: unknown): StatementFacts | undefined {
  if (value === undefined) return undefined; // most texts carry none: no failed parse for them
  const parsed = StatementSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const CredentialSchema = z.object({
  type: z.enum(CREDENTIAL_TYPES),
  expires_on: z.string(),
  reason: z.string().nullable(),
});

/** The credential a text is about (issue 39), when it names one. */
function credentialOf(value: unknown): CredentialFacts | undefined {
  if (value === undefined) return undefined; // most texts carry none: no failed parse for them
  const parsed = CredentialSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
