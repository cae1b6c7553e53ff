import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorStatus, errorText } from '../../shared/api';
import { formatCents, formatShiftDate, formatShiftMoment } from '../../shared/format';
import { Alert } from '../../shared/components/Alert';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { pageFor } from '../shell';
import { PositionTitle } from '../jobs';
import { editsApi, type SeriesOccurrence } from './editsApi';
import { useSeriesName } from './SeriesName';
import { Fact } from '../../shared/components/Facts';
import { ActionButton } from '../../shared/components/ActionButton';

function OccurrenceRow({ occurrence }: { occurrence: SeriesOccurrence }) {
  const { t } = useTranslation('jobs');
  // its calendar date (the restaurant's), read at noon so no time zone moves it to another day
  const date = formatShiftDate(`${occurrence.date}T12:00:00Z`);
  return (
    <li className="list-item" data-testid="occurrence">
      <div>
        <strong>{date}</strong>
        <div className="hint">
          <span className={`tag tag-${occurrence.status}`}>{t(`series.status.${occurrence.status}`)}</span> ·{' '}
          {formatCents(occurrence.total_cents)}
          {occurrence.status === 'scheduled' &&
            ` · ${t('series.chargeAt', { time: formatShiftMoment(occurrence.charge_at) })}`}
        </div>
      </div>
      {occurrence.status === 'payment_needed' && occurrence.job_id && (
        <Link
          to={`/payments/${occurrence.job_id}`}
          className="btn btn-small"
          aria-label={t('series.payNamed', { date })}
        >
          {t('series.pay')}
        </Link>
      )}
      {occurrence.status === 'posted' && occurrence.job_id && (
        <Link
          to={`/jobs/${occurrence.job_id}`}
          className="btn btn-small btn-ghost"
          aria-label={t('series.viewNamed', { date })}
        >
          {t('series.view')}
        </Link>
      )}
    </li>
  );
}

/** /series/{id}: a weekly series with its occurrences and "Stop series" (after a confirm). */
function SeriesView() {
  const { t } = useTranslation('jobs');
  const { id = '' } = useParams();
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const query = editsApi.useSeriesQuery(id, { refetchOnMountOrArgChange: true });
  const [stop, stopping] = editsApi.useStopSeriesMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useSeriesName();
  const series = query.data?.series;
  if (query.isLoading) return <Spinner />;
  if (!series) {
    const status = errorStatus(query.error);
    if (status === 404 || status === 403 || status === 400)
      return <NotFoundScreen title={t('series.notFoundTitle')} text={t('series.notFoundText')} />;
    return (
      <section className="page narrow">
        <Alert>{errorText(query.error, t('series.loadFailed'))}</Alert>
      </section>
    );
  }
  const onStop = async () => {
    setError(null);
    const res = await stop(series.id);
    if (res.error) setError(errorText(res.error, t('series.stopFailed')));
    setConfirming(false);
  };
  return (
    <section className="page narrow">
      {created && <Alert tone="success">{t('series.created')}</Alert>}
      <div className="page-head">
        <h1>
          <PositionTitle title={series.title} />
        </h1>
        <span className={series.status === 'active' ? 'tag tag-ok' : 'tag'}>
          {t(`series.state.${series.status}`)}
        </span>
      </div>
      <div className="card">
        <p data-testid="series-name">{name(series)}</p>
        <dl className="facts">
          <Fact label={t('series.headcount')}>{series.headcount}</Fact>
          <Fact label={t('series.total')} className="total-row" testId="series-total">
            {formatCents(series.total_cents)}
          </Fact>
        </dl>
        <p className="hint">{t('series.chargedEach')}</p>
      </div>
      <section className="card" aria-labelledby="occurrences-title">
        <h2 id="occurrences-title">{t('series.occurrences')}</h2>
        <ul className="list">
          {series.occurrences.map((o) => (
            <OccurrenceRow key={o.date} occurrence={o} />
          ))}
        </ul>
      </section>
      <Alert>{error}</Alert>
      {series.status === 'active' &&
        (confirming ? (
          <div className="card" role="group" aria-label={t('series.stopConfirmLabel')}>
            <p>{t('series.stopConfirm')}</p>
            <div className="actions-row">
              <ActionButton className="btn" busy={stopping.isLoading} onClick={onStop}>
                {t('series.stopYes')}
              </ActionButton>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                {t('series.keep')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            {t('series.stop')}
          </button>
        ))}
      <p>
        <Link to="/my-shifts">{t('detail.toMyShifts')}</Link>
      </p>
    </section>
  );
}

const SeriesPage = pageFor('restaurant', SeriesView);
export default SeriesPage;
