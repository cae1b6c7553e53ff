import type { EventType } from '@brigade/contracts';
import { outsideTransaction, subscribe, type EventHandlerOf, type Subscription } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { recordApplication, type ApplicationEvent } from '../use-cases/record-application';
import { recordJob } from '../use-cases/record-job';
import { recordParticipantFacts } from '../use-cases/record-participant';
import { translateStatement } from '../use-cases/translate-statement';
import { translateText } from '../use-cases/translate-text';

type Row<T extends EventType> = EventHandlerOf<MessagingContext, T>;

/** Any application event: the thread between the chef and the restaurant, with the status it leaves. */
const application =
  <T extends ApplicationEvent>(type: T): Row<T> =>
  (ctx, tx, data, event) =>
    recordApplication(ctx, tx, type, data, event.occurred_at);

/** A chef or restaurant profile: its name (shown in conversation lists) and language preference. */
const profile =
  <T extends 'identity.chef_profile.updated.v1' | 'identity.restaurant_profile.updated.v1'>(
    userType: 'chef' | 'restaurant',
  ): Row<T> =>
  (ctx, tx, data, event) =>
    recordParticipantFacts(ctx, tx, {
      userId: data.user_id,
      userType,
      name: data.name,
      language: data.language_preference,
      at: event.occurred_at,
    });

/** A user registered or changed: its type and language preference. */
const user =
  <T extends 'identity.user.registered.v1' | 'identity.user.updated.v1'>(): Row<T> =>
  (ctx, tx, data, event) =>
    recordParticipantFacts(ctx, tx, {
      userId: data.user_id,
      userType: data.user_type,
      language: data.language_preference,
      at: event.occurred_at,
    });

/**
 * A text jobs or identity wrote for the other side (a job's description, a cancellation reason, a dispute note,
 * a restaurant's description): translated outside the subscription's transaction, as statements are (the
 * translator may take its whole time-out, which no handler should spend holding a transaction open); the use
 * case records each version once by itself.
 */
const textWritten = <T extends 'jobs.text.written.v1' | 'identity.text.written.v1'>() =>
  outsideTransaction<MessagingContext, T>((ctx, data) =>
    translateText(ctx, {
      owner: data.owner,
      kind: data.kind,
      id: data.id,
      writtenAt: data.written_at,
      jobId: data.job_id,
      text: data.text,
      language: data.language,
    }),
  );

/**
 * Every event messaging reacts to, and the use case each one runs: its read model of jobs, applications and
 * people, and the texts of other services it translates (dispute statements, issue 17; descriptions, reasons
 * and notes, issue 32).
 */
export function subscriptions(ctx: MessagingContext): Subscription[] {
  return subscribe('messaging', ctx, [
    ['jobs.job.posted.v1', (c, tx, data) => recordJob(c, tx, data)],
    ['jobs.application.submitted.v1', application('jobs.application.submitted.v1')],
    ['jobs.application.accepted.v1', application('jobs.application.accepted.v1')],
    ['jobs.application.rejected.v1', application('jobs.application.rejected.v1')],
    ['jobs.application.confirmed.v1', application('jobs.application.confirmed.v1')],
    ['jobs.application.declined.v1', application('jobs.application.declined.v1')],
    ['jobs.application.cancelled.v1', application('jobs.application.cancelled.v1')],
    ['identity.user.registered.v1', user()],
    ['identity.user.updated.v1', user()],
    ['identity.chef_profile.updated.v1', profile('chef')],
    ['identity.restaurant_profile.updated.v1', profile('restaurant')],
    // Outside the transaction: the translator may take its whole time-out; the use case records each statement
    // once by itself, through the background lane, behind any chat message (issue 33). Its queue keeps its name.
    [
      'jobs.dispute.statement_added.v1',
      outsideTransaction<MessagingContext, 'jobs.dispute.statement_added.v1'>((c, data) =>
        translateStatement(c, data),
      ),
      'statement-added',
    ],
    // Outside the transaction too; named by producer (both would derive `text-written`).
    ['jobs.text.written.v1', textWritten<'jobs.text.written.v1'>(), 'jobs-text-written'],
    ['identity.text.written.v1', textWritten<'identity.text.written.v1'>(), 'identity-text-written'],
  ]);
}
