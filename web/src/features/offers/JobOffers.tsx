import { useTranslation } from 'react-i18next';
import { formatShiftMoment } from '../../shared/format';
import { offersApi } from './offersApi';

/** The job page's offers (its restaurant): each chef offered and what the offer reads now. */
export function JobOffers({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const offers = offersApi.useJobOffersQuery(jobId);
  const list = offers.data?.offers ?? [];
  if (!list.length) return null;
  return (
    <section className="card" aria-labelledby="job-offers-title">
      <h2 id="job-offers-title">{t('offers.sentTitle')}</h2>
      <ul className="list">
        {list.map((o) => (
          <li key={o.id} className="list-item">
            <span>{o.chef_name ?? t('offers.aChef')}</span>
            <span className={`status-pill status-${o.status}`}>
              {t(`offers.status.${o.status}`)}
              {o.status === 'pending' &&
                ` · ${t('offers.until', { when: formatShiftMoment(o.expires_at, o.shift.city) })}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
