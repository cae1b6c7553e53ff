import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { formatShiftMoment, formatShiftTime } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { NumberField, wholeNumber } from '../../shared/components/NumberField';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { Spinner } from '../../shared/components/Spinner';
import { type JobPosting, useNow } from '../jobs';
import { ChefClockIn, RunningLate } from './ChefClockIn';
import { MAX_BREAK_MINUTES, disputeUntil, lastEvent, liveWorkedMinutes, minutesText } from './clock';
import { TimesheetPayFacts, TimesheetStatusTag, TimesheetTimes } from './TimesheetFacts';
import { timesheetsApi, useLiveTimesheet, type Timesheet } from './timesheetsApi';

// Issue 34: the confirmed chef's shift page becomes the day. Before: Clock in (location or code) and Running
// late. Clocked in: the worked time counting, and Clock out with the break. After: the timesheet and its pay; an
// adjustment from the restaurant to accept or dispute; a no-show to contest.

const LIVE_TICK_MS = 15_000;

/** The statement of a dispute (an adjustment) or a contest (a no-show). */
function StatementForm({
  applicationId,
  label,
  submit,
  onCancel,
}: {
  applicationId: string;
  label: string;
  submit: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('jobs');
  const [statement, setStatement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dispute, sending] = timesheetsApi.useDisputeTimesheetMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!statement.trim()) {
      setProblem(t('day.chef.statementRequired'));
      return;
    }
    setProblem(null);
    const res = await dispute({ id: applicationId, statement: statement.trim() });
    if (res.error) setProblem(errorText(res.error, t('day.chef.disputeFailed')));
  };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextAreaField
        label={label}
        error={problem}
        value={statement}
        onChange={setStatement}
        maxLength={2000}
      />
      <ActionPair
        label={submit}
        busyLabel={t('day.sending')}
        busy={sending.isLoading}
        other={t('day.back')}
        onOther={onCancel}
      />
    </form>
  );
}

/** Clocked in: since when, the worked time counting, and Clock out with the break (the posting's, to correct). */
function ClockedIn({ job, timesheet }: { job: JobPosting; timesheet: Timesheet }) {
  const { t } = useTranslation('jobs');
  const now = useNow(LIVE_TICK_MS);
  const city = job.restaurant_profiles?.city;
  const [breakMinutes, setBreakMinutes] = useState(String(job.break_minutes ?? timesheet.break_minutes));
  const [problem, setProblem] = useState<string | null>(null);
  const [clockOut, clocking] = timesheetsApi.useClockOutMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const n = wholeNumber(breakMinutes, 0, MAX_BREAK_MINUTES);
    if (n === null) {
      setProblem(t('day.breakInvalid'));
      return;
    }
    setProblem(null);
    const res = await clockOut({ id: timesheet.application_id, break_minutes: n });
    if (res.error) setProblem(errorText(res.error, t('day.chef.clockOutFailed')));
  };
  return (
    <section className="card day-card" aria-labelledby="clocked-in-title">
      <h2 id="clocked-in-title">{t('day.chef.title')}</h2>
      <p>
        {t('day.chef.clockedInAt', { time: formatShiftTime(timesheet.clock_in_at, city) })}
        {timesheet.late && <span className="tag tag-late"> {t('day.late')}</span>}
      </p>
      <p className="big-number" data-testid="live-worked" aria-label={t('day.chef.workedSoFarLabel')}>
        {minutesText(liveWorkedMinutes(timesheet, now), t)}
      </p>
      <p className="hint">{t('day.chef.workedSoFarHint')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <NumberField
          label={t('day.breakLabel')}
          hint={t('day.chef.breakHint')}
          error={problem}
          value={breakMinutes}
          onChange={setBreakMinutes}
          min={0}
          max={MAX_BREAK_MINUTES}
        />
        <button type="submit" className="btn btn-large btn-clock" disabled={clocking.isLoading}>
          {clocking.isLoading ? t('day.chef.clockingOut') : t('day.chef.clockOut')}
        </button>
      </form>
    </section>
  );
}

/** The restaurant's adjustment, with its reason and the new pay: Accept, or Dispute with a statement. */
function AdjustmentAnswer({ job, timesheet }: { job: JobPosting; timesheet: Timesheet }) {
  const { t } = useTranslation('jobs');
  const [disputing, setDisputing] = useState(false);
  const [accept, accepting] = timesheetsApi.useAcceptTimesheetMutation();
  const adjustment = lastEvent(timesheet, 'adjusted');
  const until = disputeUntil(timesheet);
  const city = job.restaurant_profiles?.city;
  return (
    <div data-testid="adjustment">
      <Alert tone="warning">{t('day.chef.adjusted')}</Alert>
      {adjustment?.note && (
        <p>
          <strong>{t('day.reason')}:</strong> <span className="pre-wrap">{adjustment.note}</span>
        </p>
      )}
      {until && (
        <p className="hint">
          {t('day.chef.answerBy', { time: formatShiftMoment(until.toISOString(), city) })}
        </p>
      )}
      <Alert>{accepting.error ? errorText(accepting.error, t('day.chef.acceptFailed')) : null}</Alert>
      {disputing ? (
        <StatementForm
          applicationId={timesheet.application_id}
          label={t('day.chef.disputeStatement')}
          submit={t('day.chef.sendDispute')}
          onCancel={() => setDisputing(false)}
        />
      ) : (
        <ActionPair
          label={t('day.chef.accept')}
          busyLabel={t('day.sending')}
          busy={accepting.isLoading}
          onClick={() => void accept(timesheet.application_id)}
          other={t('day.chef.dispute')}
          onOther={() => setDisputing(true)}
        />
      )}
    </div>
  );
}

/** Marked a no-show by the restaurant: Contest, with a statement, within the window. */
function NoShowAnswer({ job, timesheet }: { job: JobPosting; timesheet: Timesheet }) {
  const { t } = useTranslation('jobs');
  const [contesting, setContesting] = useState(false);
  const now = useNow();
  const until = disputeUntil(timesheet);
  const open = !until || now <= until.getTime();
  return (
    <div data-testid="no-show">
      <Alert tone="warning">{t('day.chef.noShow')}</Alert>
      {until && open && (
        <p className="hint">
          {t('day.chef.contestBy', {
            time: formatShiftMoment(until.toISOString(), job.restaurant_profiles?.city),
          })}
        </p>
      )}
      {open &&
        (contesting ? (
          <StatementForm
            applicationId={timesheet.application_id}
            label={t('day.chef.contestStatement')}
            submit={t('day.chef.sendContest')}
            onCancel={() => setContesting(false)}
          />
        ) : (
          <button type="button" className="btn" onClick={() => setContesting(true)}>
            {t('day.chef.contest')}
          </button>
        ))}
    </div>
  );
}

/** After clock-out: the timesheet, its pay, and what happens next. */
function Submitted({ job, timesheet }: { job: JobPosting; timesheet: Timesheet }) {
  const { t } = useTranslation('jobs');
  return (
    <section className="card day-card" aria-labelledby="timesheet-title" data-testid="chef-timesheet">
      <div className="page-head">
        <h2 id="timesheet-title">{t('day.timesheet')}</h2>
        <TimesheetStatusTag status={timesheet.status} />
      </div>
      {timesheet.status === 'no_show' ? (
        <NoShowAnswer job={job} timesheet={timesheet} />
      ) : (
        <>
          <TimesheetTimes timesheet={timesheet} city={job.restaurant_profiles?.city} />
          <TimesheetPayFacts pay={timesheet.pay} side="chef" />
          {timesheet.status === 'adjusted' ? (
            <AdjustmentAnswer job={job} timesheet={timesheet} />
          ) : (
            <p className="hint">{t(`day.chef.next.${timesheet.status}`, { defaultValue: '' })}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The chef's day on a confirmed shift's page (its timesheet; none yet reads as not started). */
export function ChefWorkday({ job, applicationId }: { job: JobPosting; applicationId: string }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const query = useLiveTimesheet(applicationId);
  if (query.isLoading) return <Spinner />;
  const timesheet = query.data?.timesheet ?? null;
  if (!timesheet && query.error && errorStatus(query.error) !== 404)
    return <Alert>{errorText(query.error, t('day.loadFailed'))}</Alert>;
  const status = timesheet?.status ?? 'not_started';
  if (status === 'not_started') {
    const told = timesheet ? (lastEvent(timesheet, 'running_late')?.minutes ?? null) : null;
    const before = now < new Date(job.end_time).getTime();
    return (
      <>
        <ChefClockIn job={job} applicationId={applicationId} timesheet={timesheet} now={now} />
        {before && <RunningLate applicationId={applicationId} told={told} />}
      </>
    );
  }
  if (status === 'clocked_in' && timesheet) return <ClockedIn job={job} timesheet={timesheet} />;
  return timesheet ? <Submitted job={job} timesheet={timesheet} /> : null;
}
