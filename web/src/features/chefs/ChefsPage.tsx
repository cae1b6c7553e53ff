import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { SKILLS_PER_CARD } from '../../shared/shiftConstants';
import {
  BROWSE_FILTER_SKILLS,
  CHEF_SEARCH_PAGE_SIZE,
  CHEF_SEARCH_RADIUS_OPTIONS,
  DEFAULT_CHEF_SEARCH_RADIUS,
} from '../../shared/contracts';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { Spinner } from '../../shared/components/Spinner';
import { ToggleGroup } from '../../shared/components/ToggleGroup';
import { FavoriteButton } from '../favorites';
import { type JobPosting, milesText } from '../jobs';
import { OfferShift } from '../offers';
import { InviteButton, useNextOpenShift } from './InviteButton';
import { chefSearchApi, type ChefSearchArgs } from '../profile';
import { formatRating, formatShiftMoment } from '../../shared/format';
import { AmountField } from '../../shared/components/AmountField';
import { CredentialBadges } from '../credentials';

/** The hint above the results: which shift Invite names, or why it cannot. */
const INVITE_REASON_ID = 'invite-reason';

const num = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

/**
 * /chefs: browse chefs by skills (the first 12), minimum and maximum rate, radius; favorites for restaurants.
 * Results come a page at a time (nearest first); "Show more chefs" adds the next page below.
 */
export default function ChefsPage() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [skills, setSkills] = useState<string[]>([]);
  const [minRate, setMinRate] = useState('');
  const [maxRate, setMaxRate] = useState('');
  const [radius, setRadius] = useState<number>(DEFAULT_CHEF_SEARCH_RADIUS);
  const args: ChefSearchArgs = { skills, minRate: num(minRate), maxRate: num(maxRate), radius };
  // Pages of results shown; back to one whenever the filters change.
  const filterKey = JSON.stringify(args);
  const [paging, setPaging] = useState({ filterKey, pages: 1 });
  const pages = paging.filterKey === filterKey ? paging.pages : 1;
  const setPages = (n: number) => setPaging({ filterKey, pages: n });
  const { user } = useAuth();
  const isRestaurant = user?.user_type === 'restaurant';
  const next = useNextOpenShift(!isRestaurant);

  return (
    <section className="page">
      <h1>{t('chefs.title')}</h1>
      <form className="card filters" aria-label={t('chefs.filters')} onSubmit={(e) => e.preventDefault()}>
        <ToggleGroup
          legend={t('chefs.skills')}
          options={BROWSE_FILTER_SKILLS}
          selected={skills}
          onChange={setSkills}
          labelOf={(s) => tc(`skills.${s}`, { defaultValue: s })}
        />
        <div className="filter-grid">
          <AmountField label={t('chefs.minRate')} value={minRate} onChange={setMinRate} />
          <AmountField label={t('chefs.maxRate')} value={maxRate} onChange={setMaxRate} />
          <Field label={t('chefs.radius')}>
            {(p) => (
              <select {...p} value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
                {CHEF_SEARCH_RADIUS_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {t('chefs.miles', { count: r })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </form>
      {isRestaurant && !next.loading && (
        <p className="hint" id={INVITE_REASON_ID}>
          {next.shift
            ? t('chefs.inviteNext', {
                title: tc(`positions.${next.shift.title}`, { defaultValue: next.shift.title }),
                when: formatShiftMoment(next.shift.start_time, next.shift.restaurant_profiles?.city),
              })
            : t('chefs.inviteNeedsShift')}
        </p>
      )}
      {Array.from({ length: pages }, (_, page) => (
        <ChefResultsPage
          key={page}
          args={{ ...args, offset: page * CHEF_SEARCH_PAGE_SIZE, limit: CHEF_SEARCH_PAGE_SIZE }}
          first={page === 0}
          last={page === pages - 1}
          onMore={() => setPages(pages + 1)}
          inviteShift={isRestaurant && !next.loading ? next.shift : undefined}
        />
      ))}
    </section>
  );
}

/**
 * One page of results. The first page says when nothing matches; the last full page offers the next one
 * (a short page means there is no more).
 */
function ChefResultsPage({
  args,
  first,
  last,
  onMore,
  inviteShift,
}: {
  args: ChefSearchArgs;
  first: boolean;
  last: boolean;
  onMore: () => void;
  /** Restaurants: the shift an invitation names (null: none open, so Invite is disabled); undefined: no Invite. */
  inviteShift?: JobPosting | null;
}) {
  const { t, i18n } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const { user } = useAuth();
  const search = chefSearchApi.useSearchChefsQuery(args);
  const chefs = search.data?.chefs ?? [];
  if (search.isLoading) return <Spinner />;
  if (search.isError) return <Alert>{errorText(search.error, t('chefs.loadFailed'))}</Alert>;
  if (chefs.length === 0) return first ? <p className="empty muted card">{t('chefs.none')}</p> : null;
  return (
    <>
      <ul className="list card">
        {chefs.map((chef) => {
          const rating = formatRating(chef.average_rating);
          return (
            <li key={chef.id} className="list-item">
              <div>
                <h2 className="list-title h-reset">
                  <Link to={`/profile/chef/${chef.id}`}>
                    <bdi>{chef.name}</bdi>
                  </Link>
                </h2>
                <div className="hint">
                  {[
                    chef.city,
                    chef.distance_miles !== null
                      ? t('chefs.away', { distance: milesText(chef.distance_miles, i18n.language, t) })
                      : null,
                    rating ? `★ ${rating}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
                <CredentialBadges types={chef.verified_credentials} />
                <ul className="tags" aria-label={t('review.skills')}>
                  {(chef.skills ?? []).slice(0, SKILLS_PER_CARD).map((s) => (
                    <li key={s} className="tag">
                      {tc(`skills.${s}`, { defaultValue: s })}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="item-actions">
                {inviteShift !== undefined && (
                  <InviteButton chef={chef} shift={inviteShift} reasonId={INVITE_REASON_ID} />
                )}
                {user?.user_type === 'restaurant' && (
                  <>
                    <OfferShift chef={chef} />
                    <FavoriteButton chefProfileId={chef.id} name={chef.name} />
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {last && chefs.length === args.limit && (
        <button type="button" className="btn btn-secondary" onClick={onMore}>
          {t('chefs.more')}
        </button>
      )}
    </>
  );
}
