import {
  MARK_KIND_NAMES,
  CREDENTIAL_TYPES,
  paymentsHttp,
  timeZoneOfCity,
  WEEKDAYS,
  type Language,
  type MarkKind,
  type MoneyFacts,
} from '@brigade/contracts';
import { z } from 'zod';
import type { NotificationsContext } from '../context';
import { findRecipient, type Recipient } from '../db/read-model.repository';
import {
  claimDueSms,
  finishSms,
  markSmsSent,
  recordSmsAttempt,
  requeueSms,
  suppressClaimedSms,
  type ClaimedSms,
} from '../db/sms.repository';
import { preferencesFor, retryDelay } from '../domain/rules';
import { renderSms, type TemplateContext } from '../domain/templates';
import type { CredentialFacts, EditTerms, StatementFacts } from '../domain/sms-format';
import type { AlertWhy } from '../domain/alert-reasons';
import { SmsSendError, type SmsPort } from '../adapters/sms-port';
import { getPreferences } from '../db/preferences.repository';

/** A claimed text stays with its instance this long; a crashed instance's texts are picked up after it. */
const LEASE_MS = 2 * 60_000;

/**
 * Send queued texts that are due. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send the same text; each attempt is recorded; a failure is retried with backoff and then
 * marked failed. Names and language are resolved now, so a text always uses the recipient's latest ones.
 */
export async function sendDueSms(ctx: NotificationsContext, sms: SmsPort, batchSize = 20): Promise<number> {
  const now = ctx.now();
  const claimed = await claimDueSms(ctx.database, now, new Date(now.getTime() + LEASE_MS), batchSize);
  claimed.sort((a, b) => Number(a.seq) - Number(b.seq));
  for (const row of claimed) await sendOne(ctx, sms, row, now);
  return claimed.length;
}

async function sendOne(ctx: NotificationsContext, sms: SmsPort, row: ClaimedSms, now: Date) {
  const { database } = ctx;
  const recipient = await findRecipient(database, row.recipient_id);
  if (!recipient) {
    // Identity's event may still be on its way: wait like a failed send, then give up.
    return retryOrFail(ctx, row, now, 'recipient unknown', true, 'suppressed');
  }
  if (!recipient.phone || !recipient.phone_verified) {
    await suppressClaimedSms(database, row.seq, 'no_verified_phone');
    return;
  }
  // Toggles are checked again at send time: a text waiting for a retry obeys a toggle switched off meanwhile.
  const prefs = await getPreferences(database, recipient.user_id);
  const off = preferencesFor(row.template).find((p) => !prefs[p]);
  if (off) {
    await suppressClaimedSms(database, row.seq, `preference:${off}`);
    return;
  }
  const vars = (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>;
  const language: Language = recipient.language === 'es' ? 'es' : 'en';
  const body = renderSms(row.template, language, await contextFor(ctx, recipient, vars));
  const attempt = { provider: sms.provider, toPhone: recipient.phone, language, body };
  try {
    const { providerId } = await sms.send({ to: recipient.phone, body, ref: row.seq });
    await markSmsSent(database, row.seq, { ...attempt, providerId }, now);
  } catch (err) {
    const retryable = err instanceof SmsSendError ? err.retryable : true;
    await recordSmsAttempt(database, row.seq, attempt);
    ctx.logger.warn(
      { seq: row.seq, attempt: row.attempts, err: (err as Error).message, retryable },
      'sms send failed',
    );
    await retryOrFail(ctx, row, now, (err as Error).message, retryable, 'failed');
  }
}

async function retryOrFail(
  ctx: NotificationsContext,
  row: ClaimedSms,
  now: Date,
  error: string,
  retryable: boolean,
  finalStatus: 'failed' | 'suppressed',
) {
  const delay = retryable ? retryDelay(row.attempts, ctx.config.SMS_RETRY_DELAYS_MS) : null;
  if (delay !== null) {
    await requeueSms(ctx.database, row.seq, new Date(now.getTime() + delay), error.slice(0, 500));
    return;
  }
  await finishSms(ctx.database, row.seq, finalStatus, error.slice(0, 500));
}

async function contextFor(
  ctx: NotificationsContext,
  recipient: Recipient,
  vars: Record<string, unknown>,
): Promise<TemplateContext> {
  const str = (k: string) => (typeof vars[k] === 'string' ? (vars[k] as string) : undefined);
  const num = (k: string) => (typeof vars[k] === 'number' ? (vars[k] as number) : undefined);
  const lookup = async (id: string | undefined) =>
    id ? (id === recipient.user_id ? recipient : await findRecipient(ctx.database, id)) : null;
  const [chef, restaurant, sender] = await Promise.all([
    lookup(str('chef_id')),
    lookup(str('restaurant_id')),
    lookup(str('sender_id')),
  ]);
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
  const parsed = AlertSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The money facts a queued text carries (none on texts queued before issue 32, or without money). */
function moneyOf(value: unknown): MoneyFacts | undefined {
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
  const parsed = CredentialSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
