import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { TranslatedText } from '../../shared/components/TranslatedText';
import { failureText, PhoneRequiredNotice } from '../auth';
import { awaitingSettlement, SettlementNotice } from '../payments';
import { JobCardDisputeStatus } from '../card-disputes';
import { AddToCalendar } from '../calendar';
import { canJob } from '../../shared/contracts';
import { moneyDecided, MoneyOutcome } from '../../shared/money/outcome';
import { CancellationFacts } from './CancellationFacts';
import { BookedWarning } from './BookedWarning';
import { CancelShift } from './CancelShift';
import { ChefBookedContact, OwnerBookedChef } from './BookedChefCard';
import { DisputePanel } from './DisputePanel';
import { ChefWorkday, RestaurantWorkday, useClockedTimesheet } from '../timesheets';
import { TipCard } from '../tips';
import { jobsApi, type JobPosting } from './jobsApi';
import { JobOffers } from '../offers';
import { BlockButton } from '../blocks';
import { BookAgain, EditAnswerCard, EditShift, PendingEditNotice } from '../edits';
import { BookNow, BoostPay } from '../booking';
import { MissingCredentials } from '../credentials';
import { jobPay, seatPay } from '../../shared/money/figures';
import {
  BoostedTag,
  DirectionsLink,
  InstantBookTag,
  JobStatusTag,
  PositionTitle,
  RestaurantLink,
  rateText,
  SeatsCount,
  shiftWhen,
} from './JobLabels';
import { PayBreakdown } from '../../shared/money/PayBreakdown';
import { SeatList } from './SeatList';
import { ReconfirmCard } from './Reconfirm';
import { StandbyPanel } from './Standby';
import { CheckoutDeadline, ExpiredNotice, UnderReview, useNow } from './policy';
import {
  applicationLabel,
  awaitingPayment,
  checkoutOpen,
  checkoutOpensAt,
  heldShift,
  isFinal,
  restaurantCanCancel,
  started,
  stateOf,
} from './shiftState';
import { formatCents, formatHours, formatShiftTime } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { ActionButton } from '../../shared/components/ActionButton';

function ChefSection({ job, clocked }: { job: JobPosting; clocked: ReturnType<typeof useClockedTimesheet> }) {
  const { t } = useTranslation('jobs');
  const [apply, applying] = jobsApi.useApplyMutation();
  const [error, setError] = useState<ReactNode>(null);
  const application = job.user_application ?? null;
  const now = useNow();
  // A chef may apply while the job can still be filled (open), before the start, once.
  const canApply = canJob('fill', job.status) && !job.user_applied && !started(job, now);
  // The profile guard applies to applying too (the server refuses as well): a profile and a verified phone first.
  const { user, profile } = useAuth();
  // Issue 39: a shift that requires credentials the chef has no verified one of: seen, not taken (the page says
  // what is missing and where to add it; the server refuses the same).
  const missing = job.missing_credentials ?? [];
  const blocker = !canApply
    ? null
    : !profile
      ? 'profile'
      : user?.phone_verified === false
        ? 'phone'
        : missing.length > 0
          ? 'credentials'
          : null;
  const onApply = async () => {
    setError(null);
    const res = await apply(job.id);
    if (res.error) setError(failureText(res.error, t('apply.failedSubmit')));
  };
  // The chef of the shift reads what its money did (the server's facts); anyone else, the rule. Clocked out
  // and waiting for the restaurant's answer (issue 34), the pay is what the hours come to (the timesheet's).
  const money = job.money ?? null;
  const byHours = clocked.awaitingAnswer && clocked.timesheet && (!money || money.outcome === 'held');
  return (
    <section className="card" aria-labelledby="chef-section-title">
      <h2 id="chef-section-title">{t('detail.yourPay')}</h2>
      <p className="big-number" data-testid="chef-pay">
        {formatCents(
          byHours
            ? clocked.timesheet!.pay.chef_pay_cents
            : money
              ? money.chef_pay_cents
              : seatPay(job).subtotalCents,
        )}
      </p>
      {!money && !byHours && <p className="hint">{t('detail.chefPayNote')}</p>}
      {money && !byHours && money.outcome !== 'under_review' && (
        <MoneyOutcome money={money} side="chef" as="p" />
      )}
      <BookedWarning job={job} />
      <Alert>{error}</Alert>
      {blocker === 'profile' && (
        <Alert tone="warning">
          {t('apply.needsProfile')} <Link to="/onboarding/worker">{t('apply.completeProfile')}</Link>
        </Alert>
      )}
      {blocker === 'phone' && (
        <Alert tone="warning">
          <PhoneRequiredNotice />
        </Alert>
      )}
      {!job.user_applied && <MissingCredentials missing={missing} />}
      {!blocker && !started(job, now) && <BookNow job={job} />}
      {canApply && !blocker && (
        <ActionButton
          className={job.can_book_now ? 'btn btn-large btn-secondary' : 'btn btn-large'}
          busy={applying.isLoading}
          onClick={onApply}
        >
          {applying.isLoading ? t('apply.sending') : t('apply.button')}
        </ActionButton>
      )}
      {(job.user_applied || applying.isSuccess) && (
        <>
          <p className="status-line">
            {t('detail.applied')} {application && <>· {t(applicationLabel(application, 'chef'))}</>}
          </p>
          <div className="actions-row">
            <Link to={`/messages?job=${job.id}`} className="btn btn-secondary">
              {t('apply.message')}
            </Link>
            <Link to="/my-shifts" className="btn btn-secondary">
              {t('detail.toMyShifts')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function OwnerSection({ job }: { job: JobPosting }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const pending = (job.applications ?? []).filter((a) => stateOf(a) === 'pending').length;
  return (
    <>
      <ExpiredNotice job={job} side="restaurant" />
      <CancellationFacts job={job} side="restaurant" />
      <PayBreakdown pay={jobPay(job)} note={!moneyDecided(job.money)} headcount={job.headcount} />
      <section className="card" aria-labelledby="owner-section-title">
        <h2 id="owner-section-title">{t('detail.applicants')}</h2>
        {job.status === 'payment_failed' && (
          <Alert tone="warning">
            {t('detail.paymentFailed')} <Link to={`/payments/${job.id}`}>{t('detail.payAgain')}</Link>
          </Alert>
        )}
        {job.status === 'pending_payment' && (
          <Alert tone="info">
            {t('detail.awaitingPayment')} <Link to={`/payments/${job.id}`}>{t('detail.payNow')}</Link>
          </Alert>
        )}
        <p>{t('detail.applicantCount', { count: (job.applications ?? []).length, pending })}</p>
        <div className="actions-row">
          {/* a finished shift (completed, cancelled, expired) has nobody left to review */}
          {!isFinal(job) && (
            <Link to={`/jobs/${job.id}/applications`} className={pending > 0 ? 'btn' : 'btn btn-secondary'}>
              {t('detail.review')}
            </Link>
          )}
          <CancelShift job={job} allowed={restaurantCanCancel(job, now)} />
        </div>
      </section>
      <JobOffers jobId={job.id} />
    </>
  );
}

/** The confirmed seat whose timesheet the reader follows: the owner's confirmed chef, or the chef's own seat. */
function confirmedSeat(job: JobPosting, type: string | undefined, userId: string | undefined): string | null {
  if (type === 'restaurant' && (!job.restaurant_id || job.restaurant_id === userId))
    return (job.applications ?? []).find((a) => stateOf(a) === 'confirmed')?.id ?? null;
  const mine = type === 'chef' ? job.user_application : null;
  return mine && stateOf(mine) === 'confirmed' ? mine.id : null;
}

/** /jobs/{id}: the shift's facts, then the chef's (apply) or the owner's (pay, applicants) section. */
export default function JobDetailPage() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const { t: tcr } = useTranslation('credentials');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const posted = (useLocation().state as { posted?: boolean } | null)?.posted;
  const navigate = useNavigate();
  const now = useNow();
  const query = jobsApi.useJobQuery(id, { refetchOnMountOrArgChange: true });
  const job = query.data?.job;
  // Poll while the escrow event has not landed yet.
  jobsApi.useJobQuery(id, {
    skip: !job || !awaitingPayment(job) || job.status === 'payment_failed',
    pollingInterval: 2000,
  });
  const clocked = useClockedTimesheet(job ? confirmedSeat(job, user?.user_type, user?.id) : null);

  if (query.isLoading) return <Spinner />;
  if (!job) {
    return (
      <MissingScreen
        error={query.error}
        failed={t('detail.loadFailed')}
        title={t('detail.notFoundTitle')}
        text={t('detail.notFoundText')}
      />
    );
  }
  const owner = user?.user_type === 'restaurant' && (!job.restaurant_id || job.restaurant_id === user.id);
  const restaurant = job.restaurant_profiles;
  // The chef of the shift (accepted or confirmed, or confirmed until the owner cancelled) reads its money.
  const mine = user?.user_type === 'chef' ? job.user_application : null;
  const held = !!mine && heldShift(mine);
  // Issue 34: a shift with a confirmed chef runs on the time clock (not once cancelled or expired). Once the chef
  // has clocked, the timesheet decides the money: no checkout deadline applies (jobs never resolves one).
  const onTheClock = job.status !== 'cancelled' && job.status !== 'expired';
  const afterClock = onTheClock && !!clocked.timesheet;

  return (
    <section className="page narrow">
      {posted && job.status === 'open' && <Alert tone="success">{t('detail.postedOpen')}</Alert>}
      {posted && job.status === 'pending_payment' && <Alert tone="info">{t('detail.postedPending')}</Alert>}
      <div className="page-head">
        <h1>
          <PositionTitle title={job.title} urgent={job.emergency_level === 'urgent'} />
        </h1>
        <JobStatusTag status={job.status} />
        <SeatsCount seats={job.seats} side={owner ? 'restaurant' : 'chef'} />
        <BoostedTag from={job.boosted_from_rate} />
        <InstantBookTag on={job.instant_book} />
      </div>
      <div className="card">
        <dl className="facts">
          {restaurant && (
            <Fact label={t('detail.restaurant')}>
              <RestaurantLink job={job} />
            </Fact>
          )}
          {restaurant?.address && (
            <Fact label={t('detail.address')}>
              {[restaurant.address, restaurant.city].filter(Boolean).join(', ')} <DirectionsLink job={job} />
            </Fact>
          )}
          <Fact label={t('detail.when')}>
            {shiftWhen(job.start_time, job.end_time, job.restaurant_profiles?.city)}
          </Fact>
          {job.roster_first_until && (
            <Fact label={t('detail.rosterFirst')}>
              {t(owner ? 'detail.rosterFirstOwner' : 'openings.offeredFirst', {
                time: formatShiftTime(job.roster_first_until, job.restaurant_profiles?.city),
              })}
            </Fact>
          )}
          <Fact label={t('detail.duration')}>
            {t('detail.hours', { count: jobPay(job).hours, hours: formatHours(jobPay(job).hours) })}
          </Fact>
          <Fact label={t('detail.rate')}>{rateText(job.hourly_rate, tc('perHour'))}</Fact>
          {(job.required_credentials ?? []).length > 0 && (
            <Fact label={tcr('required.legend')} testId="required-credentials-fact">
              {(job.required_credentials ?? []).map((type) => tcr(`types.${type}`)).join(', ')}
            </Fact>
          )}
          {job.description && (
            <Fact label={t('detail.description')}>
              <TranslatedText
                text={job.description}
                translation={job.description_translation}
                mine={owner}
                testId="job-description"
              />
            </Fact>
          )}
          {canJob('complete', job.status) && !afterClock && (
            <Fact label={t('detail.checkout')}>
              {checkoutOpen(job, now)
                ? t('detail.checkoutState', {
                    restaurant: job.restaurant_checkout_completed ? t('detail.done') : t('detail.waiting'),
                    chef: job.chef_checkout_completed ? t('detail.done') : t('detail.waiting'),
                  })
                : t('detail.checkoutOpens', {
                    time: formatShiftTime(checkoutOpensAt(job), job.restaurant_profiles?.city),
                  })}
            </Fact>
          )}
        </dl>
        {(owner || held) && <AddToCalendar job={job} side={owner ? 'restaurant' : 'chef'} />}
      </div>
      {user?.user_type === 'chef' && (
        <EditAnswerCard edit={job.edit_to_answer} city={job.restaurant_profiles?.city} />
      )}
      {owner && <PendingEditNotice job={job} />}
      {owner && (
        <div className="owner-edits">
          <EditShift job={job} now={now} />
          <BoostPay job={job} now={now} />
          <BookAgain job={job} />
        </div>
      )}
      {owner && onTheClock && <RestaurantWorkday job={job} />}
      {mine && stateOf(mine) === 'confirmed' && !isFinal(job) && (
        <ReconfirmCard applicationId={mine.id} city={job.restaurant_profiles?.city} />
      )}
      {mine && onTheClock && stateOf(mine) === 'confirmed' && (
        <ChefWorkday job={job} applicationId={mine.id} />
      )}
      {(owner || held) && !afterClock && <CheckoutDeadline job={job} />}
      {(owner || held) && <UnderReview job={job} side={owner ? 'restaurant' : 'chef'} />}
      {owner &&
        job.money?.outcome !== 'under_review' &&
        !(clocked.awaitingAnswer && job.money?.outcome === 'held') && (
          <MoneyOutcome money={job.money} side="restaurant" as="p" />
        )}
      {owner &&
        // issue 38: each worked seat may be tipped (the card shows once payments has the seat's pay)
        (job.applications ?? [])
          .filter((a) => stateOf(a) === 'confirmed')
          .map((a) => (
            <TipCard
              key={a.id}
              applicationId={a.id}
              chefName={a.chef_profiles?.name}
              city={job.restaurant_profiles?.city}
              ended={checkoutOpen(job, now)}
            />
          ))}
      {/* issue 38: the payment's card dispute, if its card was disputed */}
      {owner && <JobCardDisputeStatus jobId={job.id} />}
      {(owner || held) && awaitingSettlement(job) && (
        <SettlementNotice jobId={job.id} side={owner ? 'restaurant' : 'chef'} />
      )}
      {user?.user_type === 'chef' && job.user_applied && (
        <>
          <ExpiredNotice job={job} side="chef" />
          <CancellationFacts job={job} side="chef" />
        </>
      )}
      {(owner || held || job.dispute) && (
        <DisputePanel job={job} side={user?.user_type === 'restaurant' ? 'restaurant' : 'chef'} />
      )}
      {owner && <SeatList job={job} now={now} />}
      {owner && <OwnerBookedChef job={job} />}
      {held && <ChefBookedContact job={job} />}
      {user?.user_type === 'chef' && <ChefSection job={job} clocked={clocked} />}
      {user?.user_type === 'chef' && <StandbyPanel job={job} />}
      {owner && <OwnerSection job={job} />}
      {user?.user_type === 'chef' && restaurant && job.restaurant_id && (
        // Issue 37: the chef may hide this restaurant; its shifts then leave their openings, so they go back there.
        <div className="actions-row">
          <BlockButton
            target={{ kind: 'restaurant', id: job.restaurant_id }}
            name={restaurant.name}
            onBlocked={() => navigate('/openings')}
          />
        </div>
      )}
    </section>
  );
}
