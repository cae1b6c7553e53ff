import type { EventData } from '@brigade/contracts';
import type { ApplicationRow, JobRow } from './records';

/** The job facts every job event carries. */
export function jobFacts(job: JobRow) {
  return {
    job_id: job.id,
    restaurant_id: job.restaurant_id,
    title: job.title,
    start_time: job.start_time.toISOString(),
    end_time: job.end_time.toISOString(),
    hourly_rate_cents: job.hourly_rate_cents,
    emergency_level: job.emergency_level,
  };
}

/** The application facts every application event carries, so consumers never call back. */
export function applicationFacts(
  app: ApplicationRow,
  job: JobRow,
): EventData<'jobs.application.submitted.v1'> {
  return {
    application_id: app.id,
    job_id: job.id,
    job_title: job.title,
    chef_id: app.chef_id,
    chef_profile_id: app.chef_profile_id,
    restaurant_id: job.restaurant_id,
    start_time: job.start_time.toISOString(),
    end_time: job.end_time.toISOString(),
  };
}

/** What a shift's escrow holds, for the events payments moves money on. */
export function moneyFacts(job: JobRow) {
  return { subtotal_cents: job.subtotal_cents, fee_cents: job.fee_cents, total_cents: job.total_cents };
}
