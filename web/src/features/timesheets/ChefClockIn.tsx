import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/api';
import { formatShiftTime } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { NumberField, wholeNumber } from '../../shared/components/NumberField';
import type { JobPosting } from '../jobs';
import { clockOpensAt, readPosition, type PositionProblem } from './clock';
import { timesheetsApi, type Timesheet } from './timesheetsApi';
import { CodeField } from '../../shared/components/SecretFields';

// Before the chef clocks in: the big Clock in button (the phone's location), the restaurant's 4-digit code for
// kitchens where location fails, and "running late". Each refusal says why, in the chef's words.

/** The text of a clock-in refusal: the server's geofence sentence carries the distance in the chef's language. */
function useRefusalText(job: JobPosting, opens: Date | null) {
  const { t } = useTranslation('jobs');
  const city = job.restaurant_profiles?.city;
  return (error: unknown): string => {
    const code = errorCode(error);
    if (code === 'JOBS.CLOCK_NOT_OPEN') {
      // the server's opening time when it says one, else the timesheet's (CLOCK_IN_EARLY before the start)
      const said = (error as { data?: { opens_at?: unknown } }).data?.opens_at;
      const opensAt = typeof said === 'string' ? new Date(said) : opens;
      if (Date.now() >= new Date(job.end_time).getTime()) return t('day.chef.closed');
      if (opensAt && (Date.now() < opensAt.getTime() || typeof said === 'string'))
        return t('day.chef.opensAt', { time: formatShiftTime(opensAt.toISOString(), city) });
    }
    if (code === 'JOBS.OUTSIDE_GEOFENCE') {
      const said = (error as { data?: { error?: unknown } }).data?.error;
      if (typeof said === 'string' && /\d/.test(said)) return said;
    }
    return errorText(error as Parameters<typeof errorText>[0], t('day.chef.clockInFailed'));
  };
}

const CODE_PATTERN = /^\d{4}$/;
/** Running late: 1 to 240 minutes (RunningLateRequest). */
const MAX_LATE_MINUTES = 240;

export function ChefClockIn({
  job,
  applicationId,
  timesheet,
  now,
}: {
  job: JobPosting;
  applicationId: string;
  /** null until the server answered (then the clock opens at the start at the latest) */
  timesheet: Timesheet | null;
  now: number;
}) {
  const { t } = useTranslation('jobs');
  const city = job.restaurant_profiles?.city;
  const [clockIn, clocking] = timesheetsApi.useClockInMutation();
  const [busy, setBusy] = useState<'location' | 'code' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A restaurant without a pinned location takes the code only (the server said so).
  const [codeOnly, setCodeOnly] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const opensAt = timesheet ? clockOpensAt(timesheet) : new Date(job.start_time);
  const refusal = useRefusalText(job, timesheet ? opensAt : null);
  const open = now >= opensAt.getTime();
  const closed = now >= new Date(job.end_time).getTime();

  const byLocation = async () => {
    setError(null);
    setBusy('location');
    let position: Awaited<ReturnType<typeof readPosition>>;
    try {
      position = await readPosition();
    } catch (problem) {
      setBusy(null);
      setError(
        (problem as PositionProblem) === 'denied'
          ? t('day.chef.locationDenied')
          : t('day.chef.locationFailed'),
      );
      return;
    }
    const res = await clockIn({ id: applicationId, ...position });
    setBusy(null);
    if (!res.error) return;
    if (errorCode(res.error) === 'JOBS.NO_LOCATION_PIN') setCodeOnly(true);
    setError(refusal(res.error));
  };

  const byCode = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!CODE_PATTERN.test(code.trim())) {
      setCodeError(t('day.chef.codeInvalid'));
      return;
    }
    setCodeError(null);
    setBusy('code');
    const res = await clockIn({ id: applicationId, code: code.trim() });
    setBusy(null);
    if (res.error) setError(refusal(res.error));
  };

  if (closed)
    return (
      <section className="card day-card" aria-labelledby="clock-in-title">
        <h2 id="clock-in-title">{t('day.chef.title')}</h2>
        <p>{t('day.chef.closed')}</p>
      </section>
    );

  return (
    <section className="card day-card" aria-labelledby="clock-in-title">
      <h2 id="clock-in-title">{t('day.chef.title')}</h2>
      {!codeOnly && (
        <>
          <button
            type="button"
            className="btn btn-large btn-clock"
            disabled={!open || busy !== null || clocking.isLoading}
            aria-describedby="clock-in-when"
            onClick={() => void byLocation()}
          >
            {busy === 'location' ? t('day.chef.clockingIn') : t('day.chef.clockIn')}
          </button>
          <p id="clock-in-when" className="hint">
            {open
              ? t('day.chef.locationHint')
              : t('day.chef.opensAt', { time: formatShiftTime(opensAt.toISOString(), city) })}
          </p>
        </>
      )}
      <Alert>{error}</Alert>
      <form className="clock-code" noValidate onSubmit={(e) => void byCode(e)}>
        <CodeField
          label={t('day.chef.code')}
          hint={t('day.chef.codeHint')}
          error={codeError}
          maxLength={4}
          pattern="[0-9]{4}"
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, ''))}
        />
        <button type="submit" className="btn btn-secondary" disabled={!open || busy !== null}>
          {busy === 'code' ? t('day.chef.clockingIn') : t('day.chef.clockInWithCode')}
        </button>
      </form>
    </section>
  );
}

/** "Running late, N minutes": the restaurant is texted and sees it on its job page. */
export function RunningLate({ applicationId, told }: { applicationId: string; told: number | null }) {
  const { t } = useTranslation('jobs');
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, sending] = timesheetsApi.useRunningLateMutation();
  const [sent, setSent] = useState<number | null>(told);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const n = wholeNumber(minutes, 1, MAX_LATE_MINUTES);
    if (n === null) {
      setProblem(t('day.chef.lateInvalid'));
      return;
    }
    setProblem(null);
    const res = await send({ id: applicationId, minutes: n });
    if (res.error) setProblem(errorText(res.error, t('day.chef.lateFailed')));
    else setSent(n);
  };

  return (
    <section className="card" aria-labelledby="running-late-title">
      <h2 id="running-late-title">{t('day.chef.lateTitle')}</h2>
      {sent !== null && <Alert tone="success">{t('day.chef.lateSent', { count: sent })}</Alert>}
      <form className="inline-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <NumberField
          label={t('day.chef.lateMinutes')}
          error={problem}
          value={minutes}
          onChange={setMinutes}
          min={1}
          max={MAX_LATE_MINUTES}
        />
        <button type="submit" className="btn btn-secondary" disabled={sending.isLoading}>
          {sending.isLoading ? t('day.sending') : t('day.chef.lateSend')}
        </button>
      </form>
    </section>
  );
}
