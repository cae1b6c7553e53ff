import { subscribe, type Subscription } from '@brigade/kit';
import type { MessagingContext } from '../context';
import { onApplicationChanged } from './on-application-changed';
import { onJobPosted } from './on-job-posted';
import { onProfileUpdated } from './on-profile-updated';
import { onStatementAdded } from './on-statement-added';
import { onTextWritten } from './on-text-written';
import { onUserChanged } from './on-user-changed';

/**
 * Every event messaging reacts to: its read model of jobs, applications and people, and the texts of other
 * services it translates (dispute statements, issue 17; descriptions, reasons and notes, issue 32).
 */
export function subscriptions(ctx: MessagingContext): Subscription[] {
  return subscribe('messaging', ctx, [
    ['jobs.job.posted.v1', onJobPosted],
    ['jobs.application.submitted.v1', onApplicationChanged('jobs.application.submitted.v1')],
    ['jobs.application.accepted.v1', onApplicationChanged('jobs.application.accepted.v1')],
    ['jobs.application.rejected.v1', onApplicationChanged('jobs.application.rejected.v1')],
    ['jobs.application.confirmed.v1', onApplicationChanged('jobs.application.confirmed.v1')],
    ['jobs.application.declined.v1', onApplicationChanged('jobs.application.declined.v1')],
    ['jobs.application.cancelled.v1', onApplicationChanged('jobs.application.cancelled.v1')],
    ['identity.user.registered.v1', onUserChanged()],
    ['identity.user.updated.v1', onUserChanged()],
    ['identity.chef_profile.updated.v1', onProfileUpdated('identity.chef_profile.updated.v1')],
    ['identity.restaurant_profile.updated.v1', onProfileUpdated('identity.restaurant_profile.updated.v1')],
    // Outside the transaction: translating may take the translator's whole time-out (its queue keeps its name).
    ['jobs.dispute.statement_added.v1', onStatementAdded, 'statement-added'],
    // Outside the transaction too; named by producer (both would derive `text-written`).
    ['jobs.text.written.v1', onTextWritten<'jobs.text.written.v1'>(), 'jobs-text-written'],
    ['identity.text.written.v1', onTextWritten<'identity.text.written.v1'>(), 'identity-text-written'],
  ]);
}
