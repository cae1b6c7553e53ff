import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAYMENT_REDIRECT_MS } from '../../shared/shiftConstants';
import { useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { MissingScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { jobsApi, PositionTitle, started } from '../jobs';
import { jobPay } from '../../shared/money/figures';
import { PayBreakdown } from '../../shared/money/PayBreakdown';
import { CardChoice } from './CardChoice';
import { CardKeptNote } from './CardKeptNote';
import { savedCardLabel } from './savedCard';
import { useCardChoice } from './useCardChoice';
import { useCardErrorText, usePayForJob } from './usePayForJob';
import { canJob } from '../../shared/contracts';
import { MoneyOutcome } from '../../shared/money/outcome';
import { formatCents, formatHours, formatShiftMoment } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { ActionButton } from '../../shared/components/ActionButton';

/** /payments/{jobId}: pay (again) for a posted job; 'Payment Successful!' then /my-shifts after 3 s. */
export default function PayForJobPage() {
  const { t } = useTranslation('payments');
  const { jobId = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const job = jobsApi.useJobQuery(jobId, { refetchOnMountOrArgChange: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [cardKept, setCardKept] = useState(false);
  // With a saved card the page offers it first; "Use another card" shows the card field.
  const card = useCardChoice();
  const payForJob = usePayForJob();
  const cardText = useCardErrorText();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/my-shifts'), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (job.isLoading) return <Spinner />;
  const data = job.data?.job;
  if (!data || (user && data.restaurant_id && data.restaurant_id !== user.id)) {
    return (
      <MissingScreen
        error={job.error}
        failed={t('pay.loadFailed')}
        title={t('pay.notFoundTitle')}
        text={t('pay.notFoundText')}
      />
    );
  }
  if (done)
    return (
      <section className="page narrow center">
        <h1>{t('pay.success')}</h1>
        <p className="muted">{t('pay.successText')}</p>
        {cardKept && <p data-testid="card-kept">{t('pay.cardKeptDone')}</p>}
        <Link to="/my-shifts">{t('pay.toShifts')}</Link>
      </section>
    );
  if (user?.user_type === 'chef') return <Navigate to="/dashboard/chef" replace />;

  const pay = jobPay(data);
  // Payable while the lifecycle still waits for its escrow, and never after the start (the shift then expires).
  const payable = canJob('escrowHeld', data.status) && !started(data);
  const onPay = async () => {
    setError(null);
    const confirmer = card.confirmer;
    if (!confirmer) {
      setError(cardText({ code: 'not_loaded' }));
      return;
    }
    setBusy(true);
    const outcome = await payForJob({
      jobId: data.id,
      amountCents: pay.totalCents,
      confirmer,
      email: user?.email ?? '',
    });
    setBusy(false);
    if (outcome.ok) {
      setCardKept(outcome.cardKept === true);
      setDone(true);
    } else {
      setError(outcome.reason === 'card' ? cardText(outcome.card) : outcome.text);
      // The bank wants the restaurant present (3-D Secure): pay by entering the card.
      if (outcome.reason === 'server' && outcome.code === 'PAYMENTS.AUTHENTICATION_REQUIRED')
        card.chooseAnotherCard();
    }
  };

  return (
    <section className="page narrow">
      <h1>{t('pay.title')}</h1>
      <div className="card">
        <h2>
          <PositionTitle title={data.title} urgent={data.emergency_level === 'urgent'} />
        </h2>
        <dl className="facts">
          <Fact label={t('pay.start')}>
            {formatShiftMoment(data.start_time, data.restaurant_profiles?.city)}
          </Fact>
          <Fact label={t('pay.end')}>{formatShiftMoment(data.end_time, data.restaurant_profiles?.city)}</Fact>
          <Fact label={t('pay.duration')}>
            {t('pay.hours', { count: pay.hours, hours: formatHours(pay.hours) })}
          </Fact>
        </dl>
      </div>
      <PayBreakdown pay={pay} headcount={data.headcount} />
      {data.status === 'payment_failed' && <Alert tone="warning">{t('pay.previousFailed')}</Alert>}
      {payable ? (
        <>
          <div className="card">
            <CardChoice {...card.props} />
          </div>
          <CardKeptNote />
          <Alert>{error}</Alert>
          <div className="actions-row">
            <ActionButton
              className="btn btn-large"
              busy={card.loading || !card.confirmer || busy}
              onClick={onPay}
            >
              {busy
                ? t('pay.paying')
                : card.withSaved && card.savedCard
                  ? t('pay.payWithSaved', { card: savedCardLabel(card.savedCard) })
                  : t('pay.pay', { amount: formatCents(pay.totalCents) })}
            </ActionButton>
            <button type="button" className="btn btn-secondary btn-large" onClick={() => navigate(-1)}>
              {t('pay.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <Alert tone="info">{t('pay.notPayable')}</Alert>
          <MoneyOutcome money={data.money} side="restaurant" as="p" />
        </>
      )}
    </section>
  );
}
