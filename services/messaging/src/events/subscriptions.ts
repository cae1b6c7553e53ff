import { on, type Database, type Subscription, type VersionStamps } from '@brigade/kit';
import { onApplicationChanged } from './on-application-changed';
import { onJobPosted } from './on-job-posted';
import { onStatementAdded } from './on-statement-added';
import type { StatementDeps } from '../use-cases/translate-statement';
import { onProfileUpdated } from './on-profile-updated';
import { onUserChanged } from './on-user-changed';

const SERVICE = 'messaging';

/** Every event messaging reacts to: its read model of jobs, applications and people. */
export function subscriptions(
  database: Database,
  stamps: VersionStamps,
  statements: StatementDeps,
): Subscription[] {
  return [
    {
      queue: `${SERVICE}.statement-added`,
      types: ['jobs.dispute.statement_added.v1'],
      handler: onStatementAdded(statements),
    },
    on(database, SERVICE, 'job-posted', 'jobs.job.posted.v1', onJobPosted(database, stamps)),
    on(
      database,
      SERVICE,
      'application-submitted',
      'jobs.application.submitted.v1',
      onApplicationChanged(database, 'jobs.application.submitted.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'application-accepted',
      'jobs.application.accepted.v1',
      onApplicationChanged(database, 'jobs.application.accepted.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'application-rejected',
      'jobs.application.rejected.v1',
      onApplicationChanged(database, 'jobs.application.rejected.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'application-confirmed',
      'jobs.application.confirmed.v1',
      onApplicationChanged(database, 'jobs.application.confirmed.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'application-declined',
      'jobs.application.declined.v1',
      onApplicationChanged(database, 'jobs.application.declined.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'application-cancelled',
      'jobs.application.cancelled.v1',
      onApplicationChanged(database, 'jobs.application.cancelled.v1', stamps),
    ),
    on(database, SERVICE, 'user-registered', 'identity.user.registered.v1', onUserChanged(database)),
    on(database, SERVICE, 'user-updated', 'identity.user.updated.v1', onUserChanged(database)),
    on(
      database,
      SERVICE,
      'chef-profile-updated',
      'identity.chef_profile.updated.v1',
      onProfileUpdated(database, 'identity.chef_profile.updated.v1', stamps),
    ),
    on(
      database,
      SERVICE,
      'restaurant-profile-updated',
      'identity.restaurant_profile.updated.v1',
      onProfileUpdated(database, 'identity.restaurant_profile.updated.v1', stamps),
    ),
  ];
}
