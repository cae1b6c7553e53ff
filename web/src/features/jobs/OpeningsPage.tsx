import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { type ChefProfile, failureText } from '../auth';
import { HomeEditor, homeSummary } from '../profile';
import { pageFor } from '../shell';
import { BookedWarning } from './BookedWarning';
import { FitsAvailability } from './FitsAvailability';
import { FiltersPanel, type Area, type SetFilter } from './FiltersPanel';
import { jobsApi, type BookedShift, type JobPosting, type JobsResponse } from './jobsApi';
import { seatPay } from '../../shared/money/figures';
import {
  activeFilterCount,
  filterOpenings,
  hasFilters,
  NO_FILTERS,
  type OpeningsFilters,
} from './openingsFilters';
import { OPENINGS_LISTS, openingsArgs } from './openingsData';
import {
  BoostedTag,
  DirectionsLink,
  InstantBookTag,
  milesText,
  PositionTitle,
  rateText,
  SeatsCount,
  shiftWhen,
} from './JobLabels';
import { formatCents, formatHours, formatShiftTime } from '../../shared/format';
import { ActionButton } from '../../shared/components/ActionButton';

// The page's first lists, which the route starts with the page's code (app/pageData.ts).
export { startOpeningsData } from './openingsData';

/**
 * How many shifts the list shows at first, and how many more each "Show more shifts" adds (issue 41): a phone
 * renders the first screen of a list of 100 without seconds of work, and a chef reads the nearest first.
 */
const OPENINGS_SHOWN = 20;
/**
 * How many of them are drawn at once, the rest right after in a transition (issue 41): a phone's first screen shows
 * three or four cards, and drawing all twenty in one go held its main thread for most of a second (Lighthouse,
 * mobile); React draws the others in slices it can interrupt for a tap.
 */
const DRAWN_FIRST = 4;
const HOLDS_NONE: BookedShift[] = [];

/**
 * One shift of the list. Memoized: a poll that changes nothing, or changes another shift, does not render it
 * again (the polled answers keep unchanged shifts as the same objects).
 */
const OpeningItem = memo(function OpeningItem({
  job,
  hasApplied,
  booked,
}: {
  job: JobPosting;
  hasApplied: boolean;
  booked: BookedShift[];
}) {
  const { t, i18n } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const [apply, applying] = jobsApi.useApplyMutation();
  const [error, setError] = useState<ReactNode>(null);
  const applied = hasApplied || applying.isSuccess;
  const onApply = async () => {
    setError(null);
    const res = await apply(job.id);
    if (res.error) setError(failureText(res.error, t('apply.failed')));
  };
  // one chef's pay: a posting's amounts are all its seats' (issue 35)
  const pay = seatPay(job);
  const place = [
    job.restaurant_profiles?.name,
    job.restaurant_profiles?.city,
    // the figure and its unit never part at a line's end ("3.3 / mi")
    typeof job.distance_miles === 'number'
      ? milesText(job.distance_miles, i18n.language, t).replace(' ', '\u00a0')
      : null,
  ].filter(Boolean);
  return (
    <li className="list-item opening">
      <div>
        <p className="opening-pay">
          <span className="opening-total">{formatCents(pay.subtotalCents)}</span>{' '}
          <span className="opening-rate">
            {rateText(job.hourly_rate, tc('perHour'))} ·{' '}
            {t('openings.hours', { count: pay.hours, hours: formatHours(pay.hours) })}
          </span>
        </p>
        <h2 className="list-title h-reset">
          <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
        </h2>
        <div className="hint opening-place">
          {place.join(' · ')} <DirectionsLink job={job} />
        </div>
        <div className="hint">
          {shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city)}{' '}
          <SeatsCount seats={job.seats} side="chef" /> <FitsAvailability job={job} />{' '}
          <BoostedTag from={job.boosted_from_rate} /> <InstantBookTag on={job.instant_book} />
        </div>
        {job.roster_first_until && (
          <p className="tag tag-ok offered-first">
            {t('openings.offeredFirst', {
              time: formatShiftTime(job.roster_first_until, job.restaurant_profiles?.city),
            })}
          </p>
        )}
        <BookedWarning job={job} booked={booked} />
        <Alert>{error}</Alert>
      </div>
      <div className="item-actions">
        {applied ? (
          <>
            <span className="tag tag-ok">{t('apply.applied')}</span>
            <Link to={`/messages?job=${job.id}`} className="btn btn-small btn-secondary">
              {t('apply.message')}
            </Link>
          </>
        ) : (
          <ActionButton className="btn btn-small" busy={applying.isLoading} onClick={onApply}>
            {t('apply.now')}
          </ActionButton>
        )}
        <Link
          to={`/jobs/${job.id}`}
          className="btn btn-small btn-secondary"
          aria-label={t('openings.viewDetailsOf', {
            title: tc(`positions.${job.title}`, { defaultValue: job.title }),
          })}
        >
          {t('openings.viewDetails')}
        </Link>
      </div>
    </li>
  );
});

/**
 * Where the distances are measured from (issue 32): a chef without a home is asked for one ("Set your home ZIP
 * for real distances"); a chef with one reads it and may change it. The editor opens in place.
 */
function HomeLine({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('common');
  const { profile } = useAuth();
  const [editing, setEditing] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const chef = profile as ChefProfile | null;
  if (!chef) return null;
  const hasHome = !!chef.home;
  // Saved: the editor closes, the line above the list says where distances are now from.
  const saved = () => {
    setEditing(false);
    toggle.current?.focus();
    onSaved();
  };
  return (
    <div className="home-line">
      <p className="hint home-summary">
        {hasHome && homeSummary(chef, tc)}{' '}
        <button
          ref={toggle}
          type="button"
          className="link-button"
          aria-expanded={editing}
          aria-controls="openings-home"
          onClick={() => setEditing((e) => !e)}
        >
          {editing ? t('openings.homeClose') : hasHome ? t('openings.homeChange') : t('openings.homePrompt')}
        </button>
      </p>
      {editing && (
        <div id="openings-home" className="card">
          <HomeEditor onSaved={saved} />
        </div>
      )}
    </div>
  );
}

/** After a new home is saved, jobs hears of it by event: the list is asked again a few times until it has. */
const AFTER_HOME_SAVED_MS = [300, 1000, 2500, 5000];

function Openings() {
  const { t } = useTranslation('jobs');
  const [filters, setFilters] = useState<OpeningsFilters>(NO_FILTERS);
  const [area, setArea] = useState<Area>('me');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  // The first lists may already be asked (or answered): the route starts them with the page's code.
  const jobs = jobsApi.useJobsQuery(openingsArgs(filters, area), OPENINGS_LISTS);
  // The list is the same for every chef of one place and radius; which of its shifts this chef applied to
  // comes from their own applications (any status, as user_applied was), polled alongside.
  const applications = jobsApi.useApplicationsQuery(undefined, OPENINGS_LISTS);
  // Issue 37: the roster-first shifts offered to this chef (a favorite of their restaurant) while their windows
  // run: never in the shared list, so polled beside it and shown first.
  const offered = jobsApi.useOfferedFirstQuery(undefined, OPENINGS_LISTS);
  const appliedTo = useMemo(
    () => new Set((applications.data?.applications ?? []).map((a) => a.job_id)),
    [applications.data],
  );
  const refetchJobs = jobs.refetch;
  const [homeSavedAt, setHomeSavedAt] = useState(0);
  useEffect(() => {
    if (!homeSavedAt) return;
    const timers = AFTER_HOME_SAVED_MS.map((ms) => setTimeout(() => void refetchJobs(), ms));
    return () => timers.forEach(clearTimeout);
  }, [homeSavedAt, refetchJobs]);
  const list = useMemo(() => {
    const first = offered.data?.jobs ?? [];
    const firstIds = new Set(first.map((j) => j.id));
    return filterOpenings([...first, ...(jobs.data?.jobs ?? []).filter((j) => !firstIds.has(j.id))], filters);
  }, [offered.data, jobs.data, filters]);
  // The shifts the chef holds (the booked warnings of every card read them from here), none until known.
  const booked = applications.data?.booked ?? HOLDS_NONE;
  // The first shifts of the list, more on "Show more shifts"; other filters or places start again at the first.
  const [shown, setShown] = useState(OPENINGS_SHOWN);
  const listKey = JSON.stringify([filters, area]);
  const [shownFor, setShownFor] = useState(listKey);
  if (shownFor !== listKey) {
    setShownFor(listKey);
    setShown(OPENINGS_SHOWN);
  }
  // The first cards at once, the others just after (DRAWN_FIRST); a list already drawn stays drawn.
  const [drawnAll, setDrawnAll] = useState(false);
  const waiting = !drawnAll && list.length > DRAWN_FIRST;
  useEffect(() => {
    if (waiting) startTransition(() => setDrawnAll(true));
  }, [waiting]);
  const drawn = drawnAll ? shown : Math.min(shown, DRAWN_FIRST);
  // The chef's area as the near-me list last said it (a near=all answer has none): the switch keeps its label.
  const [known, setKnown] = useState<JobsResponse['area']>(null);
  const answered = jobs.data?.area ?? null;
  if (answered && (answered.city !== known?.city || answered.radius_miles !== known?.radius_miles))
    setKnown(answered);
  const near = area === 'me' ? answered : null;
  const fromHome = jobs.data?.distances_from === 'home';
  const set: SetFilter = (key, value) => setFilters((f) => ({ ...f, [key]: value }));
  const nearLabel = known
    ? fromHome
      ? t('openings.nearHome', { radius: known.radius_miles })
      : t('openings.nearMe', { radius: known.radius_miles, city: known.city })
    : t('openings.nearMeShort');
  const count = activeFilterCount(filters);
  const closeFilters = () => {
    setFiltersOpen(false);
    filtersButton.current?.focus();
  };

  return (
    <section className="page">
      <div className="page-head openings-head">
        <h1>{t('openings.title')}</h1>
        <button
          ref={filtersButton}
          type="button"
          className={count > 0 ? 'chip chip-on filters-toggle' : 'chip filters-toggle'}
          aria-expanded={filtersOpen}
          aria-controls="openings-filters"
          onClick={() => (filtersOpen ? closeFilters() : setFiltersOpen(true))}
        >
          {count > 0 ? t('openings.filtersCount', { n: count }) : t('openings.filtersButton')}
        </button>
      </div>
      {filtersOpen && (
        <FiltersPanel
          id="openings-filters"
          filters={filters}
          set={set}
          clear={() => setFilters(NO_FILTERS)}
          close={closeFilters}
          areaSwitch={
            <div className="chips openings-area" role="group" aria-label={t('openings.area')}>
              {(['me', 'all'] as const).map((a) => (
                <button
                  key={a}
                  type="button"
                  className={area === a ? 'chip chip-on' : 'chip'}
                  aria-pressed={area === a}
                  onClick={() => setArea(a)}
                >
                  {a === 'me' ? nearLabel : t('openings.allCities')}
                </button>
              ))}
            </div>
          }
        />
      )}
      <HomeLine onSaved={() => setHomeSavedAt(Date.now())} />
      {jobs.isLoading ? (
        <Spinner />
      ) : jobs.isError ? (
        <Alert>{errorText(jobs.error, t('openings.loadFailed'))}</Alert>
      ) : list.length === 0 ? (
        <div className="empty muted card">
          <p>
            {hasFilters(filters)
              ? t('openings.noneFiltered')
              : near
                ? t('openings.noneNear', { radius: near.radius_miles, city: near.city })
                : t('openings.none')}
          </p>
          {area === 'me' && near && (
            <button type="button" className="btn btn-secondary" onClick={() => setArea('all')}>
              {t('openings.showAll')}
            </button>
          )}
        </div>
      ) : (
        <>
          <p className="hint openings-count" role="status">
            <span>{t('openings.count', { count: list.length })}</span> ·{' '}
            <span>{area === 'me' ? nearLabel : t('openings.allCities')}</span>
          </p>
          <ul className="list card">
            {list.slice(0, drawn).map((job) => (
              <OpeningItem key={job.id} job={job} hasApplied={appliedTo.has(job.id)} booked={booked} />
            ))}
          </ul>
          {drawnAll && list.length > shown && (
            <button
              type="button"
              className="btn btn-secondary openings-more"
              onClick={() => setShown((n) => n + OPENINGS_SHOWN)}
            >
              {t('openings.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const OpeningsPage = pageFor('chef', Openings);
export default OpeningsPage;
