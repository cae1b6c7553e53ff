import type { Language } from '@brigade/contracts';
import type { NotificationsContext } from '../context';
import type { Recipient } from '../db/read-model.repository';
import { sendFactsOf } from '../db/send-facts.repository';
import { notificationTypeOf } from '../domain/notification-types';
import type { TemplateName } from '../domain/rules';
import type { TemplateContext } from '../domain/templates';
import { routeOf, type Routing } from './channels-for';
import { contextWith, namedIds, peopleFinder } from './text-context';

/** A claimed notification: to whom, which template, with which vars. */
export interface ToSend {
  recipient_id: string;
  template: TemplateName;
  vars: unknown;
}

/** One notification ready to go out: its person as they are now, its channels, its language and its template's facts. */
export interface Ready {
  recipient: Recipient;
  routing: Routing;
  language: Language;
  context: TemplateContext;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Everything a claimed batch needs to be sent (issue 41), read in one statement (`sendFactsOf`): for each, its
 * person (null: notifications does not know them yet), the channels it goes by now, and its template's context
 * with the names it mentions. Rendering stays with the caller, each notification on its own.
 */
export async function readyToSend(ctx: NotificationsContext, batch: ToSend[]): Promise<Array<Ready | null>> {
  const vars = batch.map(
    (row) => (typeof row.vars === 'string' ? JSON.parse(row.vars) : row.vars) as Record<string, unknown>,
  );
  // an id that is not a uuid names nobody (and must not fail the whole batch's statement)
  const named = [...new Set(vars.flatMap(namedIds))].filter((id) => UUID.test(id));
  const { facts, named: people } = await sendFactsOf(
    ctx.database,
    batch.map((row) => ({ recipientId: row.recipient_id, type: notificationTypeOf(row.template) })),
    named,
    ctx.now(),
  );
  return batch.map((row, i) => {
    const f = facts[i];
    if (!f) return null;
    const { recipient } = f;
    return {
      recipient,
      routing: routeOf(ctx, f, row.template),
      language: recipient.language === 'es' ? 'es' : 'en',
      context: contextWith(ctx, recipient, vars[i], peopleFinder(recipient, people)(vars[i])),
    };
  });
}
