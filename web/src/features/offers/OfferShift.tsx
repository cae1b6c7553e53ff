import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { formatShiftMoment } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { jobsApi, type JobPosting } from '../jobs';
import { offersApi } from './offersApi';

/** The restaurant's open shifts not yet started, soonest first: the ones it may offer. */
export function offerableShifts(jobs: JobPosting[] | undefined, now = Date.now()): JobPosting[] {
  return (jobs ?? [])
    .filter((j) => j.status === 'open' && Date.parse(j.start_time) > now)
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}

/**
 * "Offer a shift" on a chef's card (Find Chefs, the favorites roster): the restaurant picks one of its open
 * shifts (a radio each) and the chef is texted the offer. Disabled, with the reason, while it has no open
 * shift.
 */
export function OfferShift({ chef }: { chef: { id: string; name: string } }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const id = useId();
  const open = jobsApi.useJobsQuery({ status: 'open', limit: 200 });
  const shifts = offerableShifts(open.data?.jobs);
  const [choosing, setChoosing] = useState(false);
  const [jobId, setJobId] = useState('');
  const [offer, state] = offersApi.useMakeOfferMutation();
  const [error, setError] = useState<string | null>(null);
  const label = (j: JobPosting) =>
    `${tc(`positions.${j.title}`, { defaultValue: j.title })} · ${formatShiftMoment(j.start_time, j.restaurant_profiles?.city)}`;

  const sent = state.data?.offer;
  if (sent) {
    const shift = shifts.find((j) => j.id === sent.job_id);
    return (
      <p className="hint offer-sent" role="status">
        {t('offers.sent', { name: chef.name, shift: shift ? label(shift) : '' })}
      </p>
    );
  }
  if (!choosing)
    return (
      <>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          disabled={!shifts.length}
          aria-describedby={shifts.length ? undefined : `${id}-none`}
          aria-label={t('offers.offerNamed', { name: chef.name })}
          onClick={() => {
            setJobId(shifts[0]?.id ?? '');
            setChoosing(true);
          }}
        >
          {t('offers.offer')}
        </button>
        {!open.isLoading && !shifts.length && (
          <span id={`${id}-none`} className="hint">
            {t('offers.noOpenShift')}
          </span>
        )}
      </>
    );

  const onSend = async () => {
    setError(null);
    const res = await offer({ jobId, chef_id: chef.id });
    if ('error' in res && res.error) setError(errorText(res.error, t('offers.offerFailed')));
  };
  return (
    <form
      className="offer-form"
      aria-label={t('offers.offerNamed', { name: chef.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void onSend();
      }}
    >
      {/* Radios, not a select: a shift's position, day, time and zone wrap and read in full on a phone. */}
      <fieldset>
        <legend>{t('offers.whichShift')}</legend>
        {shifts.map((j) => (
          <label key={j.id} className="check-row">
            <input
              type="radio"
              name={`${id}-shift`}
              value={j.id}
              checked={jobId === j.id}
              onChange={() => setJobId(j.id)}
            />
            {label(j)}
          </label>
        ))}
      </fieldset>
      <div className="actions-row">
        <button type="submit" className="btn btn-small" disabled={!jobId || state.isLoading}>
          {state.isLoading ? t('offers.sending') : t('offers.send')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => setChoosing(false)}>
          {t('offers.cancel')}
        </button>
      </div>
      <Alert>{error}</Alert>
    </form>
  );
}
