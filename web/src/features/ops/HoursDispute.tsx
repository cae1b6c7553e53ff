import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_FEE_BPS, CARD_MINIMUM_CENTS, timesheetMoney, workedPay } from '@brigade/contracts';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { NumberField, wholeNumber } from '../../shared/components/NumberField';
import { lastEvent, minutesText, type Timesheet } from '../timesheets';
import { opsApi, type OpsDispute } from './opsApi';
import { formatCents, formatDateTime, OpsTable } from './OpsPage';
import { ConfirmDecision, NoteAndReview } from './ResolveForm';
import { seatFigures } from '../../shared/money/figures';
import { Fact } from '../../shared/components/Facts';

// Issue 34: an hours dispute in the operator's case file. Both timesheets (the chef's clock-in and clock-out,
// the restaurant's adjustment), every clock event with where it was made and how far from the pin, and a
// decision in worked minutes (POST /ops/disputes/{jobId}/resolve { worked_minutes, note }) beside today's form.

type Hours = NonNullable<OpsDispute['hours']>;

/** The decision's money is the timesheet's rule: these two are constants, not settings (ADR 0028). */
const MONEY_RULE = { feeBps: BOOKING_FEE_BPS, cardMinimumCents: CARD_MINIMUM_CENTS };

function shiftOf(dispute: OpsDispute, timesheet: Timesheet) {
  return {
    start_time: timesheet.scheduled_start,
    end_time: timesheet.scheduled_end,
    hourly_rate_cents: Math.round(dispute.job.hourly_rate * 100),
    break_minutes: dispute.job.break_minutes ?? timesheet.break_minutes,
  };
}

/** One side's timesheet: its clock-in, clock-out, break and the worked minutes they come to. */
function SideTimesheet({
  title,
  testId,
  times,
  note,
}: {
  title: string;
  testId: string;
  times: {
    clock_in_at: string | null;
    clock_out_at: string | null;
    break_minutes: number | null;
    worked: number | null;
  } | null;
  note?: string | null;
}) {
  const { t } = useTranslation('ops');
  const { t: tj } = useTranslation('jobs');
  return (
    <section className="card" data-testid={testId} aria-label={title}>
      <h3>{title}</h3>
      {times ? (
        <dl className="facts">
          <Fact label={t('hours.clockIn')}>
            {times.clock_in_at ? formatDateTime(times.clock_in_at) : '—'}
          </Fact>
          <Fact label={t('hours.clockOut')}>
            {times.clock_out_at ? formatDateTime(times.clock_out_at) : '—'}
          </Fact>
          <Fact label={t('hours.break')}>
            {times.break_minutes === null ? '—' : t('hours.minutes', { count: times.break_minutes })}
          </Fact>
          <Fact label={t('hours.worked')}>{times.worked === null ? '—' : minutesText(times.worked, tj)}</Fact>
          {note && (
            <Fact label={t('hours.reason')} valueClassName="pre-wrap">
              {note}
            </Fact>
          )}
        </dl>
      ) : (
        <p className="muted">{t('hours.none')}</p>
      )}
    </section>
  );
}

function ClockEvents({ timesheet }: { timesheet: Timesheet }) {
  const { t } = useTranslation('ops');
  return (
    <OpsTable
      caption={t('hours.events')}
      section="hours"
      columns={['event', 'at', 'by', 'method', 'place', 'distance']}
    >
      {timesheet.events.map((e, i) => (
        <tr key={`${e.type}-${e.at}-${i}`} data-testid="clock-event">
          <td>{t(`hours.type.${e.type}`)}</td>
          <td>{formatDateTime(e.at)}</td>
          <td>{t(`hours.actor.${e.by}`)}</td>
          <td>{e.method ? t(`hours.via.${e.method}`) : '—'}</td>
          <td>
            {e.latitude !== null && e.longitude !== null
              ? t('hours.position', {
                  latitude: e.latitude.toFixed(5),
                  longitude: e.longitude.toFixed(5),
                  accuracy: e.accuracy_m === null ? '?' : Math.round(e.accuracy_m),
                })
              : '—'}
          </td>
          <td>{e.distance_m === null ? '—' : t('hours.meters', { count: e.distance_m })}</td>
        </tr>
      ))}
    </OpsTable>
  );
}

/** The decision in worked minutes: 0 to the scheduled minutes + MAX_EXTRA_HOURS, a note, then a confirmation. */
function HoursResolveForm({ dispute, hours }: { dispute: OpsDispute; hours: Hours }) {
  const { t } = useTranslation('ops');
  const { t: tj } = useTranslation('jobs');
  const shift = shiftOf(dispute, hours.timesheet);
  // the server's bound (its MAX_EXTRA_HOURS), not a default of the browser's
  const { max_worked_minutes } = hours;
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ minutes?: string; note?: string }>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [resolve, result] = opsApi.useResolveHoursDisputeMutation();
  if (result.data) return <Alert tone="success">{t('resolve.done')}</Alert>;
  if (dispute.resolution) return null;

  const onReview = (e: FormEvent) => {
    e.preventDefault();
    const n = wholeNumber(minutes, 0, max_worked_minutes);
    const next: typeof errors = {};
    if (n === null) next.minutes = t('hours.minutesInvalid', { max: max_worked_minutes });
    if (!note.trim()) next.note = t('resolve.noteRequired');
    setErrors(next);
    if (n !== null && !next.note) setConfirming(n);
  };

  if (confirming !== null) {
    // what the decision will move: the same rule the server settles with, against what the escrow charged
    const money = timesheetMoney(MONEY_RULE, workedPay(shift, confirming), seatFigures(dispute.job)).pay;
    return (
      <section className="card" aria-labelledby="hours-confirm-title">
        <h2 id="hours-confirm-title">{t('hours.confirmTitle')}</h2>
        <dl className="facts" data-testid="hours-preview">
          <Fact label={t('hours.worked')}>{minutesText(confirming, tj)}</Fact>
          <Fact label={t('resolve.chefReceives')} testId="hours-preview-chef">
            {formatCents(money.chef_pay_cents)}
          </Fact>
          <Fact label={t('resolve.platformFee')}>{formatCents(money.fee_cents)}</Fact>
          {money.extra_charge_cents > 0 && (
            <Fact label={t('hours.extraCharge')} testId="hours-preview-extra">
              {formatCents(money.extra_charge_cents)}
            </Fact>
          )}
          {money.refund_cents > 0 && (
            <Fact label={t('resolve.restaurantRefund')} testId="hours-preview-refund">
              {formatCents(money.refund_cents)}
            </Fact>
          )}
          <Fact label={t('resolve.note')} valueClassName="pre-wrap">
            {note.trim()}
          </Fact>
        </dl>
        <ConfirmDecision
          hint={t('hours.confirmHint')}
          error={result.error ? errorText(result.error, t('resolve.failed')) : null}
          busy={result.isLoading}
          onConfirm={() =>
            void resolve({
              jobId: dispute.job.id,
              worked_minutes: confirming,
              note: note.trim(),
              seat_no: dispute.seat_no,
            })
          }
          onChange={() => setConfirming(null)}
        />
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="hours-resolve-title">
      <h2 id="hours-resolve-title">{t('hours.resolveTitle')}</h2>
      <p className="hint">{t('hours.rule', { max: minutesText(max_worked_minutes, tj) })}</p>
      <form onSubmit={onReview} noValidate>
        <NumberField
          label={t('hours.workedMinutes')}
          hint={t('hours.workedMinutesHint', { max: max_worked_minutes })}
          error={errors.minutes}
          value={minutes}
          onChange={setMinutes}
          min={0}
          max={max_worked_minutes}
        />
        <NoteAndReview note={note} onChange={setNote} error={errors.note} />
      </form>
    </section>
  );
}

/** One side's version of the hours, as the case file states it. */
const sideTimes = (side: Hours['chef']) =>
  side && {
    clock_in_at: side.clock_in_at,
    clock_out_at: side.clock_out_at,
    break_minutes: side.break_minutes,
    worked: side.worked_minutes,
  };

/** The hours part of a case file (an hours dispute: `kind: 'hours'`); nothing for a worked/not-worked one. */
export function HoursDispute({ dispute }: { dispute: OpsDispute }) {
  const { t } = useTranslation('ops');
  const hours = dispute.kind === 'hours' ? dispute.hours : null;
  if (!hours) return null;
  const { timesheet } = hours;
  const adjusted = lastEvent(timesheet, 'adjusted');
  const noShow = lastEvent(timesheet, 'no_show');
  return (
    <>
      <section aria-labelledby="hours-title" data-testid="hours-dispute">
        <h2 id="hours-title">{t('hours.title')}</h2>
        {noShow && <Alert tone="info">{t('hours.noShow', { time: formatDateTime(noShow.at) })}</Alert>}
        <div className="grid-2">
          <SideTimesheet
            title={t('hours.chefTimesheet')}
            testId="chef-timesheet"
            times={sideTimes(hours.chef)}
          />
          <SideTimesheet
            title={t('hours.restaurantTimesheet')}
            testId="restaurant-timesheet"
            times={sideTimes(hours.restaurant)}
            note={adjusted?.note}
          />
        </div>
        <ClockEvents timesheet={timesheet} />
      </section>
      <HoursResolveForm dispute={dispute} hours={hours} />
    </>
  );
}
