import {
  canTimesheet,
  FINAL_TIMESHEET_STATUSES,
  nextTimesheetStatus,
  TIMESHEET_REFUSALS,
  TIMESHEET_STATUSES,
  TIMESHEET_TRANSITIONS,
  timesheetActionRefusal,
  type TimesheetAction,
  type TimesheetStatus,
} from '../src';

// The timesheet lifecycle (issue 34) is data in contracts/src/lifecycles/timesheet.ts: the jobs service moves a
// timesheet by it, the web app derives its buttons from it, and each refused move has its error code.

const ACTIONS = Object.keys(TIMESHEET_TRANSITIONS) as TimesheetAction[];

test.each(
  ACTIONS.flatMap((action) =>
    TIMESHEET_STATUSES.map((from) => {
      const t = TIMESHEET_TRANSITIONS[action];
      return [action, from, (t.from as readonly string[]).includes(from) ? t.to : null] as const;
    }),
  ),
)('%s from %s leads to %s', (action, from, to) => {
  expect(nextTimesheetStatus(action, from)).toBe(to);
});

test('the chef clocks in and out; the restaurant approves, or adjusts and the chef accepts or disputes', () => {
  const walk = (...actions: TimesheetAction[]) =>
    actions.reduce<TimesheetStatus | null>((s, a) => (s ? nextTimesheetStatus(a, s) : null), 'not_started');
  expect(walk('clockIn', 'clockOut', 'approve')).toBe('approved');
  expect(walk('clockIn', 'autoClockOut', 'autoApprove')).toBe('auto_approved');
  expect(walk('clockIn', 'clockOut', 'adjust', 'accept')).toBe('approved');
  expect(walk('clockIn', 'clockOut', 'adjust', 'acceptBySilence')).toBe('approved');
  expect(walk('clockIn', 'clockOut', 'adjust', 'dispute', 'resolve')).toBe('resolved');
  expect(walk('clockIn', 'sendHome')).toBe('sent_home');
  expect(walk('noShow', 'contestNoShow', 'resolve')).toBe('resolved');
  // the refused moves the issue names: a clock-in twice, a clock-out without a clock-in, an adjustment after
  // approval, a no-show once clocked in, sending home a chef who has not clocked in
  expect(walk('clockIn', 'clockIn')).toBeNull();
  expect(walk('clockOut')).toBeNull();
  expect(walk('clockIn', 'clockOut', 'approve', 'adjust')).toBeNull();
  expect(walk('clockIn', 'noShow')).toBeNull();
  expect(walk('sendHome')).toBeNull();
  // a chef disputes an adjustment, never a timesheet approved as submitted
  expect(walk('clockIn', 'clockOut', 'approve', 'dispute')).toBeNull();
});

test('each side triggers only its own moves', () => {
  expect(canTimesheet('clockIn', 'not_started', 'chef')).toBe(true);
  expect(canTimesheet('clockIn', 'not_started', 'restaurant')).toBe(false);
  expect(canTimesheet('approve', 'submitted', 'chef')).toBe(false);
  expect(canTimesheet('adjust', 'submitted', 'restaurant')).toBe(true);
  expect(canTimesheet('accept', 'adjusted', 'restaurant')).toBe(false);
  expect(canTimesheet('resolve', 'disputed', 'restaurant')).toBe(false);
  expect(canTimesheet('resolve', 'disputed', 'operator')).toBe(true);
  expect(canTimesheet('autoApprove', 'submitted', 'restaurant')).toBe(false);
});

test('nothing moves a settled timesheet', () => {
  for (const status of FINAL_TIMESHEET_STATUSES)
    for (const action of ACTIONS)
      expect([action, nextTimesheetStatus(action, status)]).toEqual([action, null]);
});

test('every status is reachable from not_started', () => {
  const reached = new Set<TimesheetStatus>(['not_started']);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of Object.values(TIMESHEET_TRANSITIONS))
      if ((t.from as readonly TimesheetStatus[]).some((f) => reached.has(f)) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
  }
  expect([...reached].sort()).toEqual([...TIMESHEET_STATUSES].sort());
});

test('a refused move answers its code, an allowed one none', () => {
  expect(timesheetActionRefusal('clockIn', 'clocked_in')).toBe('JOBS.ALREADY_CLOCKED_IN');
  expect(timesheetActionRefusal('clockOut', 'not_started')).toBe('JOBS.NOT_CLOCKED_IN');
  expect(timesheetActionRefusal('adjust', 'approved')).toBe('JOBS.TIMESHEET_NOT_SUBMITTED');
  expect(timesheetActionRefusal('dispute', 'submitted')).toBe('JOBS.NO_ADJUSTMENT');
  expect(timesheetActionRefusal('contestNoShow', 'approved')).toBe('JOBS.NOT_NO_SHOW');
  expect(timesheetActionRefusal('clockOut', 'clocked_in')).toBeNull();
  expect(Object.keys(TIMESHEET_REFUSALS).sort()).toEqual([...ACTIONS].sort());
});
