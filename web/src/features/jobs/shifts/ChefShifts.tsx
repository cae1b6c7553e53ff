import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EditAnswerCard } from '../../edits';
import { errorText } from '../../../shared/api';
import { LISTS_POLL_MS } from '../../../shared/shiftConstants';
import { Alert } from '../../../shared/components/Alert';
import { Spinner } from '../../../shared/components/Spinner';
import { moneyDecided, MoneyOutcome } from '../../../shared/money/outcome';
import { awaitingSettlement, SettlementNotice } from '../../payments';
import { cancellationLine } from '../CancellationFacts';
import { ChefCancelPanel } from '../ChefCancel';
import { jobsApi, type Application, type JobPosting } from '../jobsApi';
import { seatPay } from '../../../shared/money/figures';
import { RestaurantPlace, rateText, shiftWhen } from '../JobLabels';
import { CheckoutDeadline, UnderReview, useNow } from '../policy';
import { DisputeLink } from '../DisputePanel';
import {
  applicationLabel,
  byStart,
  chefCanAnswer,
  chefCanCancel,
  holdsShift,
  isLive,
  stateOf,
} from '../shiftState';
import { Row, ShiftState, type Tab } from './ShiftRow';
import { ReconfirmAction } from '../Reconfirm';
import { formatCents } from '../../../shared/format';
import { ActionButton } from '../../../shared/components/ActionButton';

/** Pending, accepted or confirmed: the shift's pay is what the chef earns (not once it is off). */
const earning = isLive;

/** A shift the chef held until the owner cancelled it (the chef may be paid for a late cancellation). */
const cancelledUnderThem = (app: Application) =>
  app.status === 'cancelled' &&
  app.worker_confirmed === true &&
  app.job_postings?.status === 'cancelled' &&
  app.job_postings.cancellation?.cancelled_by === 'restaurant';

function ChefApplicationRow({ app, view, now }: { app: Application; view: Tab; now: number }) {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation('catalog');
  const job = app.job_postings as Partial<JobPosting> | undefined;
  const [confirm, confirming] = jobsApi.useConfirmApplicationMutation();
  const [cancel, cancelling] = jobsApi.useCancelApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const busy = confirming.isLoading || cancelling.isLoading;
  const onConfirm = async (confirmed: boolean) => {
    setError(null);
    const res = await confirm({ id: app.id, confirmed });
    if (res.error) setError(errorText(res.error, t('shifts.confirmFailed')));
  };
  // A pending application is withdrawn at once; a held shift asks first, with the rule that applies.
  const onCancel = async () => {
    if (holdsShift(app)) return setAsking(true);
    setError(null);
    const res = await cancel(app.id);
    if (res.error) setError(errorText(res.error, t('shifts.cancelFailed')));
  };
  const cancellable = chefCanCancel(app, job, now);
  return (
    <Row
      title={job?.title ?? ''}
      urgent={job?.emergency_level === 'urgent'}
      error={error}
      lines={[
        shiftWhen(job?.start_time, job?.end_time, job?.restaurant_profiles?.city),
        <RestaurantPlace job={job} />,
        <>
          {t(applicationLabel(app, 'chef'))}
          {earning(app) && job?.start_time && job.end_time && job.hourly_rate !== undefined && (
            <>
              {' · '}
              <strong className="shift-pay">
                {t('shifts.youEarn', { amount: formatCents(seatPay(job as JobPosting).subtotalCents) })}
              </strong>
              {` (${rateText(job.hourly_rate, tc('perHour'))})`}
            </>
          )}
        </>,
        cancellationLine(job, 'chef', t),
        job && stateOf(app) === 'confirmed' && <CheckoutDeadline job={job} />,
        job && <UnderReview job={job} side="chef" />,
        job && <DisputeLink job={job} />,
        view === 'shifts' && moneyDecided(job?.money) && <MoneyOutcome money={job?.money} side="chef" />,
        view === 'shifts' && job?.id && awaitingSettlement(job) && (
          <SettlementNotice jobId={job.id} side="chef" />
        ),
      ]}
      actions={
        <>
          {chefCanAnswer(app) && (
            <>
              <ActionButton className="btn btn-small" busy={busy} onClick={() => onConfirm(true)}>
                {t('shifts.confirm')}
              </ActionButton>
              <ActionButton
                className="btn btn-small btn-secondary"
                busy={busy}
                onClick={() => onConfirm(false)}
              >
                {t('shifts.decline')}
              </ActionButton>
            </>
          )}
          {stateOf(app) === 'confirmed' && (
            <ReconfirmAction app={app} city={job?.restaurant_profiles?.city} />
          )}
          {view === 'shifts' && stateOf(app) === 'confirmed' && job && (
            <ShiftState side="chef" job={job} applicationId={app.id} now={now} />
          )}
          {cancellable && !asking && (
            <ActionButton className="btn btn-small btn-ghost" busy={busy} onClick={onCancel}>
              {holdsShift(app) ? t('chefCancel.button') : t('shifts.cancelApplication')}
            </ActionButton>
          )}
          {job?.id && (
            <Link to={`/messages?job=${job.id}`} className="btn btn-small btn-secondary">
              {t('shifts.message')}
            </Link>
          )}
        </>
      }
      panel={cancellable && asking && <ChefCancelPanel app={app} onClose={() => setAsking(false)} />}
      footer={
        // issue 35: the restaurant changed this held shift: keep it or leave it with no record
        view === 'shifts' && (
          <EditAnswerCard edit={job?.edit_to_answer} city={job?.restaurant_profiles?.city} headingLevel={3} />
        )
      }
    />
  );
}

/** The chef's side of My Shifts: held shifts (and those the owner cancelled), or every application. */
export function ChefShifts({ tab }: { tab: Tab }) {
  const { t } = useTranslation('jobs');
  const now = useNow();
  const apps = jobsApi.useApplicationsQuery(undefined, {
    pollingInterval: LISTS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  if (apps.isLoading) return <Spinner />;
  if (apps.isError) return <Alert>{errorText(apps.error, t('shifts.loadFailed'))}</Alert>;
  const all = apps.data?.applications ?? [];
  const list =
    tab === 'shifts'
      ? all
          .filter((a) => holdsShift(a) || cancelledUnderThem(a))
          .sort((a, b) => byStart(a.job_postings?.start_time, b.job_postings?.start_time))
      : [...all].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (list.length === 0)
    return (
      <p className="empty muted">
        {tab === 'shifts' ? t('shifts.noShiftsChef') : t('shifts.noApplicationsChef')}{' '}
        <Link to="/openings">{t('shifts.findWork')}</Link>
      </p>
    );
  return (
    <ul className="list">
      {list.map((a) => (
        <ChefApplicationRow key={a.id} app={a} view={tab} now={now} />
      ))}
    </ul>
  );
}
