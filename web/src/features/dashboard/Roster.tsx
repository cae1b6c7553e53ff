import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { favoritesApi, type RosterSort } from '../favorites';
import { OfferShift } from '../offers';
import { formatDate, formatRating } from '../../shared/format';
import { ActionButton } from '../../shared/components/ActionButton';

const SORTS: RosterSort[] = ['recent', 'frequency', 'rating'];

/** The restaurant's roster of favorite chefs: sort, remove, Try Again on load failure. */
export function Roster() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('catalog');
  const [sortBy, setSortBy] = useState<RosterSort>('recent');
  const roster = favoritesApi.useFavoritesQuery(sortBy);
  const [remove, removal] = favoritesApi.useRemoveFromRosterMutation();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const onRemove = async (chefProfileId: string) => {
    setRemoveError(null);
    const res = await remove(chefProfileId);
    if (res.error) setRemoveError(errorText(res.error, t('roster.removeFailed')));
  };

  return (
    <section className="card" aria-labelledby="roster-title">
      <div className="card-head">
        <h2 id="roster-title">{t('roster.title')}</h2>
        <label className="inline-label">
          <span>{t('roster.sortBy')}</span>
          <select value={sortBy} onChange={(e) => setSortBy(e.target.value as RosterSort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`roster.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Alert>{removeError}</Alert>
      {roster.isLoading ? (
        <Spinner />
      ) : roster.isError ? (
        <div className="empty">
          <Alert>{t('roster.loadFailed')}</Alert>
          <button type="button" className="btn btn-secondary" onClick={() => void roster.refetch()}>
            {t('roster.tryAgain')}
          </button>
        </div>
      ) : !roster.data?.favorites.length ? (
        <p className="empty muted">{t('roster.empty')}</p>
      ) : (
        <ul className="list">
          {roster.data.favorites.map((f) => {
            const chef = f.chef_profiles;
            const rating = formatRating(f.stats?.averageRating ?? chef?.average_rating);
            return (
              <li key={f.id} className="list-item">
                <div>
                  <Link to={`/workers/${f.chef_profile_id}`} className="list-title">
                    {chef?.name ?? t('roster.unnamed')}
                  </Link>
                  <div className="tags">
                    {(chef?.skills ?? []).slice(0, 3).map((s) => (
                      <span key={s} className="tag">
                        {tc(`skills.${s}`, { defaultValue: s })}
                      </span>
                    ))}
                  </div>
                  <div className="hint">
                    {t('roster.stats', { count: f.stats?.shiftsCompleted ?? 0 })}
                    {rating && ` · ${t('roster.rating', { rating })}`}
                    {f.stats?.lastWorked &&
                      ` · ${t('roster.lastWorked', { date: formatDate(f.stats.lastWorked) })}`}
                  </div>
                </div>
                <div className="item-actions">
                  <OfferShift chef={{ id: f.chef_profile_id, name: chef?.name ?? t('roster.unnamed') }} />
                  <ActionButton
                    className="btn btn-ghost btn-small"
                    busy={removal.isLoading}
                    onClick={() => onRemove(f.chef_profile_id)}
                    label={t('roster.removeNamed', { name: chef?.name ?? '' })}
                  >
                    {t('roster.remove')}
                  </ActionButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
