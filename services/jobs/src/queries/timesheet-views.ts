import type { timesheetsHttp } from '@brigade/contracts';
import type { Database } from '@brigade/kit';
import { findApplication } from '../db/applications.repository';
import { findJob } from '../db/jobs.repository';
import { findTimesheet, timesheetEventsOf } from '../db/timesheets.repository';
import type { ApplicationRow, JobRow } from '../domain/records';
import { presentTimesheet } from '../domain/timesheet';
import type { ViewContext } from './view-context';

/** An application with its job (the router checks who may read its seat); null when either is unknown. */
export async function applicationWithJob(
  database: Database,
  applicationId: string,
): Promise<{ app: ApplicationRow; job: JobRow } | null> {
  const app = await findApplication(database, applicationId);
  const job = app && (await findJob(database, app.job_id));
  return app && job ? { app, job } : null;
}

/** The seat's timesheet as its readers see it (before the first clock event: the plan, no events). */
export async function timesheetView(
  ctx: ViewContext,
  job: JobRow,
  app: ApplicationRow,
): Promise<timesheetsHttp.Timesheet> {
  const ts = await findTimesheet(ctx.database, app.id);
  const events = ts ? await timesheetEventsOf(ctx.database, app.id) : [];
  return presentTimesheet(ctx.policy, job, app, ts, events, ctx.now());
}
