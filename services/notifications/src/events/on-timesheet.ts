import type { Handler } from './handler';
import { textExtraChargeFailed } from '../use-cases/text-extra-charge-failed';
import { textHoursDecided } from '../use-cases/text-hours-decided';
import { textNoShowMarked } from '../use-cases/text-no-show';
import { textRunningLate } from '../use-cases/text-running-late';
import { textSentHome } from '../use-cases/text-sent-home';
import { textTimesheetAdjusted } from '../use-cases/text-timesheet-adjusted';

// Issue 34: the working day's texts.

/** The chef is running late: the restaurant is texted. */
export const onRunningLate: Handler<'jobs.timesheet.running_late.v1'> = (ctx, tx, d) =>
  textRunningLate(ctx, tx, d);

/** The restaurant adjusted the hours: the chef is texted the new pay. */
export const onTimesheetAdjusted: Handler<'jobs.timesheet.adjusted.v1'> = (ctx, tx, d) =>
  textTimesheetAdjusted(ctx, tx, d);

/** A no-show was marked: the chef is texted how to contest it. */
export const onNoShowMarked: Handler<'jobs.timesheet.no_show_marked.v1'> = (ctx, tx, d) =>
  textNoShowMarked(ctx, tx, d);

/** The chef was sent home: texted the pay. */
export const onSentHome: Handler<'jobs.timesheet.sent_home.v1'> = (ctx, tx, d) => textSentHome(ctx, tx, d);

/** An hours dispute was decided: both sides are texted. */
export const onTimesheetResolved: Handler<'jobs.timesheet.resolved.v1'> = (ctx, tx, d) =>
  textHoursDecided(ctx, tx, d);

/** The extra charge failed: the restaurant is texted the link to pay its balance. */
export const onExtraChargeFailed: Handler<'payments.extra_charge.failed.v1'> = (ctx, tx, d) =>
  textExtraChargeFailed(ctx, tx, d);
