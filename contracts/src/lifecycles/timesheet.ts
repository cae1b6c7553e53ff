import { transitionAllows, type Actor } from './job';

/**
 * The timesheet lifecycle as data (issue 34): one timesheet per confirmed application, kept by the jobs service
 * (it owns the clock); every write to its status names one of these actions, and a status not in `from` refuses
 * it. `by` says who may trigger it: the chef, the job's restaurant, an operator deciding a dispute, or the system
 * (a rule's deadline). The money each status moves is payments' business (contracts/src/timesheet-pay.ts).
 *
 * not_started -> clocked_in -> submitted -> approved | auto_approved
 *                                        -> adjusted -> approved (accepted, or silence) | disputed -> resolved
 * not_started -> no_show (-> disputed -> resolved, when contested)
 * clocked_in  -> sent_home
 */
export const TIMESHEET_STATUSES = [
  'not_started',
  'clocked_in',
  'submitted',
  'adjusted',
  'approved',
  'auto_approved',
  'disputed',
  'resolved',
  'no_show',
  'sent_home',
] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

export const TIMESHEET_TRANSITIONS = {
  /** the confirmed chef clocked in (by location or the restaurant's code), from CLOCK_IN_EARLY before the start */
  clockIn: { from: ['not_started'], to: 'clocked_in', by: ['chef'] },
  /** the chef clocked out, with the break: the timesheet is submitted to the restaurant */
  clockOut: { from: ['clocked_in'], to: 'submitted', by: ['chef'] },
  /** nobody clocked out by AUTO_CLOCK_OUT_AFTER past the end: clocked out at the scheduled end */
  autoClockOut: { from: ['clocked_in'], to: 'submitted', by: ['system'] },
  /** the restaurant approved the timesheet as submitted (its checkout "completed" on a shift with a timesheet) */
  approve: { from: ['submitted'], to: 'approved', by: ['restaurant'] },
  /** the restaurant did nothing for TIMESHEET_APPROVAL_DEADLINE after clock-out: approved as submitted */
  autoApprove: { from: ['submitted'], to: 'auto_approved', by: ['system'] },
  /**
   * the restaurant changed clock-in, clock-out or break, with a reason: the chef answers. Once only: a second
   * change would restart the chef's window (an open question for later, see ADR 0028).
   */
  adjust: { from: ['submitted'], to: 'adjusted', by: ['restaurant'] },
  /** the chef accepted the adjustment */
  accept: { from: ['adjusted'], to: 'approved', by: ['chef'] },
  /** the chef said nothing for HOURS_DISPUTE_WINDOW: the adjustment stands */
  acceptBySilence: { from: ['adjusted'], to: 'approved', by: ['system'] },
  /** the chef disputed the adjustment within HOURS_DISPUTE_WINDOW: an operator decides */
  dispute: { from: ['adjusted'], to: 'disputed', by: ['chef'] },
  /** the restaurant marked the confirmed chef a no-show, NO_SHOW_AFTER after the start without a clock-in */
  noShow: { from: ['not_started'], to: 'no_show', by: ['restaurant'] },
  /** the chef contested the no-show within HOURS_DISPUTE_WINDOW: an operator decides */
  contestNoShow: { from: ['no_show'], to: 'disputed', by: ['chef'] },
  /** an operator decided the worked minutes (or the chef's pay) of a disputed timesheet */
  resolve: { from: ['disputed'], to: 'resolved', by: ['operator'] },
  /** within SENT_HOME_WINDOW of the clock-in, the restaurant sent the chef home: paid as the rule says, at once */
  sendHome: { from: ['clocked_in'], to: 'sent_home', by: ['restaurant'] },
} as const satisfies Record<
  string,
  { from: readonly TimesheetStatus[]; to: TimesheetStatus; by: readonly Actor[] }
>;
export type TimesheetAction = keyof typeof TIMESHEET_TRANSITIONS;

export function canTimesheet(action: TimesheetAction, from: TimesheetStatus, actor?: Actor): boolean {
  return transitionAllows<TimesheetStatus>(TIMESHEET_TRANSITIONS[action], from, actor);
}

/** The status after an action, or null when the action is not allowed from this status. */
export function nextTimesheetStatus(action: TimesheetAction, from: TimesheetStatus): TimesheetStatus | null {
  return canTimesheet(action, from) ? TIMESHEET_TRANSITIONS[action].to : null;
}

/**
 * The hours are settled and the money follows: nothing changes the timesheet again. A `no_show` is settled once
 * HOURS_DISPUTE_WINDOW passed uncontested (the full refund is then made); until then the chef may contest it.
 */
export const FINAL_TIMESHEET_STATUSES = [
  'approved',
  'auto_approved',
  'resolved',
  'sent_home',
] as const satisfies readonly TimesheetStatus[];
