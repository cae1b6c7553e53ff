import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { formatCents, formatShiftMoment, formatShiftTime } from '../../shared/format';
import { ActionPair } from '../../shared/components/ActionPair';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Spinner } from '../../shared/components/Spinner';
import { type ApplicationOfJob, type JobPosting, useNow, stateOf } from '../jobs';
import { AdjustTimesheet } from './AdjustTimesheet';
import {
  canMarkNoShow,
  canSendHome,
  lastEvent,
  liveWorkedMinutes,
  minutesText,
  noShowFrom,
  sendHomeUntil,
} from './clock';
import { TimesheetPayFacts, TimesheetStatusTag, TimesheetTimes } from './TimesheetFacts';
import { timesheetsApi, useLiveTimesheet, type Timesheet } from './timesheetsApi';

// Issue 34, the restaurant's job page on the day: the clock code once a chef is confirmed, who is clocked in and
// since when (late marked, running late told), Send home within its window (its cost shown first), No-show once
// allowed, and the submitted timesheet to approve or adjust (AdjustTimesheet, with the server's cost preview).

/** Send home: first what it will cost (max(worked, 4 hours) at the rate, never more than the shift pay). */
function SendHome({ job, timesheet, name }: { job: JobPosting; timesheet: Timesheet; name: string }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [sendHome, sending] = timesheetsApi.useSendHomeMutation();
  const city = job.restaurant_profiles?.city;
  const until = sendHomeUntil(timesheet);
  if (!canSendHome(timesheet, now))
    return until ? (
      <p className="hint">
        {t('day.restaurant.sendHomePassed', { time: formatShiftTime(until.toISOString(), city) })}
      </p>
    ) : null;
  // what sending home now would move: the server's own figures (its policy, the minutes worked so far)
  const cost = timesheet.send_home_pay;
  if (!asking)
    return (
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
          {t('day.restaurant.sendHome')}
        </button>
        {until && (
          <p className="hint">
            {t('day.restaurant.sendHomeUntil', { time: formatShiftTime(until.toISOString(), city) })}
          </p>
        )}
      </div>
    );
  return (
    <div className="card" data-testid="send-home-cost">
      {cost ? (
        <p>
          {t('day.restaurant.sendHomeCost', {
            name,
            pay: formatCents(cost.chef_pay_cents),
            fee: formatCents(cost.fee_cents),
            total: formatCents(cost.total_cents),
            refund: formatCents(cost.refund_cents),
          })}
        </p>
      ) : (
        <Spinner />
      )}
      <p className="hint">{t('day.restaurant.sendHomeRecord')}</p>
      <Field label={t('day.restaurant.sendHomeReason')}>
        {(p) => <input {...p} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <Alert>{sending.error ? errorText(sending.error, t('day.restaurant.sendHomeFailed')) : null}</Alert>
      <ActionPair
        label={t('day.restaurant.sendHomeConfirm', { name })}
        busyLabel={t('day.sending')}
        busy={sending.isLoading}
        danger
        onClick={() => void sendHome({ id: timesheet.application_id, reason: reason.trim() || undefined })}
        other={t('day.back')}
        onOther={() => setAsking(false)}
      />
    </div>
  );
}

/** Nobody clocked in yet: running late told, and No-show once NO_SHOW_AFTER has passed. */
function NotClockedIn({
  job,
  applicationId,
  timesheet,
}: {
  job: JobPosting;
  applicationId: string;
  timesheet: Timesheet | null;
}) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const [noShow, marking] = timesheetsApi.useMarkNoShowMutation();
  const [asking, setAsking] = useState(false);
  const city = job.restaurant_profiles?.city;
  const late = timesheet ? lastEvent(timesheet, 'running_late') : null;
  return (
    <>
      <p>{t('day.restaurant.notClockedIn')}</p>
      {late?.minutes && (
        <Alert tone="info">
          {t('day.restaurant.runningLate', {
            count: late.minutes,
            time: formatShiftTime(late.at, city),
          })}
        </Alert>
      )}
      {!timesheet ? null : canMarkNoShow(timesheet, now) ? (
        asking ? (
          <div className="card">
            <p>{t('day.restaurant.noShowConfirmText')}</p>
            <Alert>{marking.error ? errorText(marking.error, t('day.restaurant.noShowFailed')) : null}</Alert>
            <ActionPair
              label={t('day.restaurant.noShowConfirm')}
              busyLabel={t('day.sending')}
              busy={marking.isLoading}
              danger
              onClick={() => void noShow(applicationId)}
              other={t('day.back')}
              onOther={() => setAsking(false)}
            />
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
            {t('day.restaurant.noShow')}
          </button>
        )
      ) : (
        <p className="hint">
          {t('day.restaurant.noShowFrom', {
            time: formatShiftMoment(noShowFrom(timesheet).toISOString(), city),
          })}
        </p>
      )}
    </>
  );
}

/** A submitted timesheet: Approve as submitted, or Adjust (with the cost preview). */
function Review({ timesheet }: { timesheet: Timesheet }) {
  const { t } = useTranslation('jobs');
  const [adjusting, setAdjusting] = useState(false);
  const [approve, approving] = timesheetsApi.useApproveTimesheetMutation();
  if (adjusting) return <AdjustTimesheet timesheet={timesheet} onDone={() => setAdjusting(false)} />;
  return (
    <>
      <Alert>{approving.error ? errorText(approving.error, t('day.restaurant.approveFailed')) : null}</Alert>
      <ActionPair
        label={t('day.restaurant.approve')}
        busyLabel={t('day.sending')}
        busy={approving.isLoading}
        onClick={() => void approve(timesheet.application_id)}
        other={t('day.restaurant.adjust')}
        onOther={() => setAdjusting(true)}
      />
    </>
  );
}

/** One confirmed chef's day, on the restaurant's job page. */
function ChefDay({ job, application }: { job: JobPosting; application: ApplicationOfJob }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const query = useLiveTimesheet(application.id);
  const name = application.chef_profiles?.name ?? t('review.unnamed');
  const city = job.restaurant_profiles?.city;
  const timesheet = query.data?.timesheet ?? null;
  const status = timesheet?.status ?? 'not_started';
  let body;
  if (query.isLoading) body = <Spinner />;
  else if (!timesheet && query.error && errorStatus(query.error) !== 404)
    body = <Alert>{errorText(query.error, t('day.loadFailed'))}</Alert>;
  else if (status === 'not_started')
    body = <NotClockedIn job={job} applicationId={application.id} timesheet={timesheet} />;
  else if (status === 'clocked_in' && timesheet)
    body = (
      <>
        <p data-testid="clocked-in">
          {t('day.restaurant.clockedInSince', { name, time: formatShiftTime(timesheet.clock_in_at, city) })}
          {timesheet.late && <span className="tag tag-late"> {t('day.late')}</span>}
        </p>
        <p className="hint">
          {t('day.restaurant.workedSoFar', { worked: minutesText(liveWorkedMinutes(timesheet, now), t) })}
        </p>
        <SendHome job={job} timesheet={timesheet} name={name} />
      </>
    );
  else if (timesheet) {
    const adjustment = lastEvent(timesheet, 'adjusted');
    body = (
      <>
        {status !== 'no_show' && <TimesheetTimes timesheet={timesheet} city={city} />}
        {status !== 'no_show' && <TimesheetPayFacts pay={timesheet.pay} side="restaurant" />}
        {adjustment?.note && (
          <p>
            <strong>{t('day.reason')}:</strong> <span className="pre-wrap">{adjustment.note}</span>
          </p>
        )}
        <p className="hint">{t(`day.restaurant.next.${status}`, { defaultValue: '' })}</p>
        {status === 'submitted' && <Review timesheet={timesheet} />}
      </>
    );
  }
  return (
    <section className="card day-card" aria-labelledby={`day-${application.id}`} data-testid="restaurant-day">
      <div className="page-head">
        <h2 id={`day-${application.id}`}>{t('day.restaurant.title', { name })}</h2>
        {timesheet && <TimesheetStatusTag status={status} />}
      </div>
      {body}
    </section>
  );
}

/** The clock code (once a chef is confirmed) and each confirmed chef's day. */
export function RestaurantWorkday({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const confirmed = (job.applications ?? []).filter((a) => stateOf(a) === 'confirmed');
  if (confirmed.length === 0) return null;
  return (
    <>
      {job.clock_code && (
        <section className="card clock-code-card" aria-labelledby="clock-code-title">
          <h2 id="clock-code-title">{t('day.restaurant.codeTitle')}</h2>
          <p className="big-number clock-code-value" data-testid="clock-code">
            {job.clock_code}
          </p>
          <p className="hint">{t('day.restaurant.codeHint')}</p>
        </section>
      )}
      {confirmed.map((a) => (
        <ChefDay key={a.id} job={job} application={a} />
      ))}
    </>
  );
}
