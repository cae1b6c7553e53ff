import { WorkLoop } from '@brigade/kit';
import type { JobsContext } from '../context';
import { expireNextJob } from '../use-cases/expire-job';
import { expireNextOffer } from '../use-cases/expire-offer';
import { postNextDueOccurrence } from '../use-cases/post-occurrence';
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
 * direct offers nobody answered expire at their end (issue 35), filled shifts are settled at their checkout deadline, disputes left undecided are reminded. Any number of instances may run against one
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

  /**
   * One pass over what is due: expiries first (shifts, then offers), then checkout deadlines, then reminders of
   * disputes left undecided (DISPUTE_REMINDER_AFTER). Returns how many jobs or offers moved or were reminded.
   */
  async pass(): Promise<number> {
    let expired = 0;
    while (expired < BATCH && (await expireNextJob(this.ctx))) expired++;
    let offers = 0;
    while (offers < BATCH && (await expireNextOffer(this.ctx))) offers++;
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
    return expired + offers + settled + reminded + clocked + occurrences;
  }
}
