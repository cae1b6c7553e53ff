import { WorkLoop } from '@brigade/kit';
import type { JobsContext } from '../context';
import { endNextRosterWindow } from '../use-cases/end-roster-window';
import { expireNextJob } from '../use-cases/expire-job';
import { expireNextOffer } from '../use-cases/expire-offer';
import { passStandbyOffer } from '../use-cases/offer-to-standby';
import { runNextReconfirmationRule } from '../use-cases/reconfirmation-rules';
import { postNextDueOccurrence } from '../use-cases/post-occurrence';
import { publishNextDueReview } from '../use-cases/publish-due-review';
import { remindNextDispute } from '../use-cases/remind-dispute';
import { resolveNextCheckoutDeadline } from '../use-cases/resolve-checkout-deadline';
import { runNextTimesheetRule } from '../use-cases/timesheet-rules';
import type { TimesheetDue } from '../db/timesheets.repository';

/** The clock's timed rules (issue 34), in this order: a clock-out comes before its approval. */
const TIMESHEET_RULES: TimesheetDue[] = [
  'auto_clock_out',
  'auto_approve',
  'accept_by_silence',
  'no_show_final',
];

/** Jobs handled per rule in one pass before the loop starts another (a pass that did work runs again at once). */
const BATCH = 25;

/**
 * The timed rules of the money policy, by the injected clock: shifts nobody confirmed expire at their start,
 * direct offers nobody answered expire at their end (issue 35), confirmed chefs are asked to reconfirm and
 * released when they did not (issue 37), filled shifts are settled at their checkout deadline, disputes left undecided are reminded. Any number of instances may run against one
 * database: each job (or offer) is claimed with FOR UPDATE SKIP LOCKED and moved in its own transaction, guarded by its
 * status, so each rule fires once per job and a restart in the middle of a pass changes nothing.
 */
export class RulesLoop {
  private readonly loop: WorkLoop;

  constructor(
    private readonly ctx: JobsContext,
    pollMs: number,
  ) {
    this.loop = new WorkLoop({ name: 'jobs rules', pollMs, logger: ctx.logger, pass: () => this.pass() });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** Look for what is due now instead of at the next poll (a test's clock moved forward). */
  kick() {
    this.loop.kick();
  }

  /**
   * One pass over what is due: expiries first (shifts, then offers), then checkout deadlines, then reminders of
   * disputes left undecided (DISPUTE_REMINDER_AFTER). Returns how many jobs or offers moved or were reminded.
   */
  async pass(): Promise<number> {
    let expired = 0;
    while (expired < BATCH && (await expireNextJob(this.ctx))) expired++;
    let offers = 0;
    // Issue 37: a standby offer that ended passes to the next chef in line in its expiry's transaction.
    while (offers < BATCH && (await expireNextOffer(this.ctx, passStandbyOffer))) offers++;
    // Issue 37: confirmed chefs asked to reconfirm at RECONFIRM_OPENS, released at RECONFIRM_BY unanswered.
    let reconfirmations = 0;
    for (const due of ['ask', 'release'] as const) {
      let n = 0;
      while (n < BATCH && (await runNextReconfirmationRule(this.ctx, due))) n++;
      reconfirmations += n;
    }
    let settled = 0;
    while (settled < BATCH && (await resolveNextCheckoutDeadline(this.ctx))) settled++;
    let reminded = 0;
    while (reminded < BATCH && (await remindNextDispute(this.ctx))) reminded++;
    let clocked = 0;
    for (const due of TIMESHEET_RULES) {
      let n = 0;
      while (n < BATCH && (await runNextTimesheetRule(this.ctx, due))) n++;
      clocked += n;
    }
    // Issue 35: series occurrences whose charge_at has come are posted (and charged) once each.
    let occurrences = 0;
    while (occurrences < BATCH && (await postNextDueOccurrence(this.ctx))) occurrences++;
    // Issue 37: roster-first windows that ended open their shifts to every chef, once each.
    let windows = 0;
    while (windows < BATCH && (await endNextRosterWindow(this.ctx))) windows++;
    // Issue 39: reviews whose other side never wrote are published REVIEW_PUBLISH_AFTER after the shift, once each.
    let reviews = 0;
    while (reviews < BATCH && (await publishNextDueReview(this.ctx))) reviews++;
    return (
      expired + offers + reconfirmations + settled + reminded + clocked + occurrences + windows + reviews
    );
  }
}
