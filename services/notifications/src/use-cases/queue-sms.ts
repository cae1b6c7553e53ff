import type { Executor } from '@brigade/kit';
import { textsDue, type NotificationsContext } from '../context';
import { bumpInboxes } from '../db/inboxes.repository';
import { insertCityBroadcast, insertSms, insertSmsMany, type SmsRow } from '../db/sms.repository';
import { preferencesFor, PRIORITY, type TemplateName } from '../domain/rules';
import { getPreferences, getPreferencesOf, type Preferences } from '../db/preferences.repository';

export interface SmsRequest {
  recipientId: string;
  template: TemplateName;
  /** Facts the text mentions (ids, title, times, amounts); names and language are resolved when it is sent. */
  vars: Record<string, unknown>;
  /** One text per cause: the same key never queues twice (duplicate events, replays, two instances). */
  dedupeKey: string;
  priority?: number;
}

export type QueueResult = 'queued' | 'suppressed' | 'duplicate';

/**
 * Record a text to send, in the caller's transaction. A recipient whose toggles forbid it gets the record
 * with status `suppressed` (so "why did I not get a text?" has an answer) and nothing is sent. Either way it is
 * a new entry of the recipient's inbox: their inbox version rises (issue 41).
 */
export async function queueSms(
  ctx: NotificationsContext,
  tx: Executor,
  request: SmsRequest,
): Promise<QueueResult> {
  const row = smsRowOf(request, await getPreferences(ctx.database, request.recipientId, tx));
  if (!(await insertSms(ctx.database, tx, row, ctx.now()))) return 'duplicate';
  await bumpInboxes(ctx, tx, [request.recipientId]);
  if (row.suppressedBy) return 'suppressed';
  textsDue(ctx, tx);
  return 'queued';
}

/** The text to record for a request: suppressed by the first of its template's toggles the person turned off. */
const smsRowOf = (request: SmsRequest, prefs: Preferences): SmsRow => ({
  recipientId: request.recipientId,
  template: request.template,
  vars: request.vars,
  dedupeKey: request.dedupeKey,
  priority: request.priority ?? PRIORITY.direct,
  suppressedBy: preferencesFor(request.template).find((p) => !prefs[p]),
});

/**
 * Many texts at once, as `queueSms` records each (the same toggles, suppression and dedupe keys, the same inbox
 * versions raised), in two statements whatever the count: a shift's alerts name up to ALERT_FANOUT chefs, and each
 * text alone was two round trips in the event's transaction. Results are in the order asked.
 */
export async function queueSmsMany(
  ctx: NotificationsContext,
  tx: Executor,
  requests: readonly SmsRequest[],
): Promise<QueueResult[]> {
  if (requests.length === 0) return [];
  const prefs = await getPreferencesOf(
    ctx.database,
    requests.map((r) => r.recipientId),
    tx,
  );
  const rows = requests.map((request) => smsRowOf(request, prefs.get(request.recipientId)!));
  const inserted = await insertSmsMany(ctx.database, tx, rows, ctx.now());
  // a key repeated in the list was inserted once, by its first row
  const results = rows.map((row): QueueResult => {
    if (!inserted.delete(row.dedupeKey)) return 'duplicate';
    return row.suppressedBy ? 'suppressed' : 'queued';
  });
  await bumpInboxes(
    ctx,
    tx,
    rows.filter((_, i) => results[i] !== 'duplicate').map((r) => r.recipientId),
  );
  if (results.includes('queued')) textsDue(ctx, tx);
  return results;
}

/**
 * Urgent shift: every chef of the city with a verified phone and SMS on. Chefs already queued for this
 * announcement (the favorites, texted first) are skipped by the dedupe key; `exceptApplicantsOf` leaves out
 * the chefs who applied to the job (a reopened shift is not announced to the chef who just left it). Each chef
 * texted has a new inbox entry: their inbox versions rise.
 */
export async function queueCityBroadcast(
  ctx: NotificationsContext,
  tx: Executor,
  input: {
    city: string;
    template: TemplateName;
    vars: Record<string, unknown>;
    dedupePrefix: string;
    exceptApplicantsOf?: string;
  },
): Promise<number> {
  const chefs = await insertCityBroadcast(
    ctx.database,
    tx,
    { ...input, priority: PRIORITY.broadcast },
    ctx.now(),
  );
  await bumpInboxes(ctx, tx, chefs);
  if (chefs.length > 0) textsDue(ctx, tx);
  return chefs.length;
}

/** One side of a shift, as a text addresses it (its template and dedupe key name it). */
export type Side = 'chef' | 'restaurant';

/**
 * The same facts to both sides of a shift, the chef first, each under its own template and dedupe key. A side
 * whose template is null is not texted (a settlement that paid the chef nothing).
 */
export async function textBothSides(
  ctx: NotificationsContext,
  tx: Executor,
  to: { chef_id: string; restaurant_id: string },
  text: {
    templates: Record<Side, TemplateName | null>;
    vars: Record<string, unknown>;
    dedupeKey: (side: Side) => string;
  },
): Promise<void> {
  const recipients: Record<Side, string> = { chef: to.chef_id, restaurant: to.restaurant_id };
  for (const side of ['chef', 'restaurant'] as const) {
    const template = text.templates[side];
    if (template === null) continue;
    await queueSms(ctx, tx, {
      recipientId: recipients[side],
      template,
      vars: text.vars,
      dedupeKey: text.dedupeKey(side),
    });
  }
}
