import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionPair } from '../../shared/components/ActionPair';
import { NumberField, wholeNumber } from '../../shared/components/NumberField';
import { TextAreaField } from '../../shared/components/TextAreaField';
import { Spinner } from '../../shared/components/Spinner';
import { toLocalInput } from '../jobs';
import { MAX_BREAK_MINUTES } from './clock';
import { TimesheetPayFacts } from './TimesheetFacts';
import { timesheetsApi, type Timesheet } from './timesheetsApi';
import { TextField } from '../../shared/components/TextField';

// The restaurant adjusts a submitted timesheet: clock-in, clock-out, break and a reason for the chef. Before it
// saves, the server's quote (GET /applications/{id}/timesheet/quote) shows what the change does to the money: the
// chef's pay, the booking fee, the extra charge or the refund, or a difference under the minimum charge. Saving
// waits for the quote of the times on screen, so nothing is saved that was not previewed.

const iso = (local: string) => {
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** The clock-in the form starts from: the time counted (the later of the clock-in and the start). */
function countedClockIn(timesheet: Timesheet): Date {
  const clockIn = new Date(timesheet.clock_in_at ?? timesheet.scheduled_start).getTime();
  return new Date(Math.max(clockIn, new Date(timesheet.scheduled_start).getTime()));
}

export function AdjustTimesheet({ timesheet, onDone }: { timesheet: Timesheet; onDone: () => void }) {
  const { t } = useTranslation('jobs');
  const [clockIn, setClockIn] = useState(toLocalInput(countedClockIn(timesheet)));
  const [clockOut, setClockOut] = useState(
    toLocalInput(new Date(timesheet.clock_out_at ?? timesheet.scheduled_end)),
  );
  const [breakMinutes, setBreakMinutes] = useState(String(timesheet.break_minutes));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [adjust, saving] = timesheetsApi.useAdjustTimesheetMutation();

  const n = wholeNumber(breakMinutes, 0, MAX_BREAK_MINUTES);
  const inAt = iso(clockIn);
  const outAt = iso(clockOut);
  const args =
    inAt && outAt && n !== null
      ? { id: timesheet.application_id, clock_in_at: inAt, clock_out_at: outAt, break_minutes: n }
      : null;
  const quote = timesheetsApi.useTimesheetQuoteQuery(
    args ?? { id: '', clock_in_at: '', clock_out_at: '', break_minutes: 0 },
    {
      skip: !args,
    },
  );
  // the quote on screen is the one of these times (not a previous answer while the next one loads)
  const previewed = !!args && !quote.isFetching && !!quote.data && !quote.error;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!args) {
      setProblem(n === null ? t('day.breakInvalid') : t('day.timesInvalid'));
      return;
    }
    if (!reason.trim()) {
      setProblem(t('day.adjust.reasonRequired'));
      return;
    }
    setProblem(null);
    const { id, ...times } = args;
    const res = await adjust({ id, ...times, reason: reason.trim() });
    if (res.error) setProblem(errorText(res.error, t('day.adjust.failed')));
    else onDone();
  };

  return (
    <form
      className="adjust-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="adjust-title"
    >
      <h3 id="adjust-title">{t('day.adjust.title')}</h3>
      <div className="field-row">
        <TextField label={t('day.clockInAt')} type="datetime-local" value={clockIn} onChange={setClockIn} />
        <TextField
          label={t('day.clockOutAt')}
          type="datetime-local"
          value={clockOut}
          onChange={setClockOut}
        />
      </div>
      <NumberField
        label={t('day.breakLabel')}
        value={breakMinutes}
        onChange={setBreakMinutes}
        min={0}
        max={MAX_BREAK_MINUTES}
      />
      <TextAreaField
        label={t('day.adjust.reason')}
        hint={t('day.adjust.reasonHint')}
        value={reason}
        onChange={setReason}
        maxLength={500}
        rows={3}
      />
      <section className="card pay-summary" aria-labelledby="adjust-preview-title" aria-live="polite">
        <h4 id="adjust-preview-title">{t('day.adjust.preview')}</h4>
        {quote.isFetching && <Spinner />}
        {quote.error && !quote.isFetching && (
          <Alert>{errorText(quote.error, t('day.adjust.quoteFailed'))}</Alert>
        )}
        {previewed && quote.data && (
          <TimesheetPayFacts pay={quote.data.pay} side="restaurant" testId="quote" />
        )}
      </section>
      <Alert>{problem}</Alert>
      <ActionPair
        label={t('day.adjust.save')}
        busyLabel={t('day.sending')}
        busy={saving.isLoading}
        disabled={!previewed}
        other={t('day.back')}
        onOther={onDone}
      />
    </form>
  );
}
