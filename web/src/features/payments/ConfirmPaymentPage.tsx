import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_REDIRECT_MS,
  PAYMENT_SETTLE_FOR_MS,
  PAYMENT_SETTLE_POLL_MS,
} from '../../shared/shiftConstants';
import { useAppDispatch, useAuth } from '../../shared/hooks';
import { Alert } from '../../shared/components/Alert';
import { jobsApi } from '../jobs';
import type { CardConfirmer } from './card';
import { CardField } from './CardField';
import { paymentsApi } from './paymentsApi';
import { useCardErrorText } from './usePayForJob';
import { formatCents } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { ActionButton } from '../../shared/components/ActionButton';

interface ConfirmState {
  clientSecret?: string;
  amount?: number;
  applicationId?: string;
  jobTitle?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /payments/confirm: confirms an escrow payment from navigation state (clientSecret, amount in cents,
 * applicationId, jobTitle). Restaurants only. The card confirms the PaymentIntent, then
 * `POST /applications/{applicationId}/confirm-payment` with its PaymentMethod reports the escrow: success only
 * when its paymentStatus is held_in_escrow (spec section 4), any other value is 'Payment confirmation failed'.
 */
export default function ConfirmPaymentPage() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const state = (useLocation().state ?? {}) as ConfirmState;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [confirmer, setConfirmer] = useState<CardConfirmer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const cardText = useCardErrorText();
  const [confirmPayment] = paymentsApi.useConfirmApplicationPaymentMutation();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/dashboard/restaurant'), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (user && user.user_type !== 'restaurant') return <Navigate to="/dashboard/restaurant" replace />;
  if (done)
    return (
      <section className="page narrow center">
        <h1>{t('confirm.success')}</h1>
        <p className="muted">{t('confirm.successText')}</p>
      </section>
    );
  if (!state.clientSecret)
    return (
      <section className="page narrow">
        <h1>{t('confirm.title')}</h1>
        <Alert>{t('confirm.missing')}</Alert>
        <Link to="/my-shifts">{t('pay.toShifts')}</Link>
      </section>
    );

  /** held_in_escrow, as confirm-payment answers it for the application (the spec's call). */
  const confirmedByServer = async (paymentMethodId: string): Promise<boolean> => {
    const res = await confirmPayment({ applicationId: state.applicationId!, paymentMethodId });
    return res.data?.paymentStatus === 'held_in_escrow';
  };

  /** held_in_escrow, read from the job the application belongs to (the webhook may land a moment later). */
  const heldInEscrow = async (): Promise<boolean> => {
    if (!state.applicationId) return true;
    const app = await dispatch(
      jobsApi.endpoints.application.initiate(state.applicationId, { subscribe: false, forceRefetch: true }),
    );
    const jobId = app.data?.application.job_postings?.id ?? app.data?.application.job_id;
    if (!jobId) return false;
    const until = Date.now() + PAYMENT_SETTLE_FOR_MS;
    while (Date.now() < until) {
      const payment = await dispatch(
        paymentsApi.endpoints.jobPayment.initiate(jobId, { subscribe: false, forceRefetch: true }),
      );
      if (payment.data?.payment_status === 'held_in_escrow') return true;
      if (payment.data && payment.data.payment_status !== 'pending') return false;
      await sleep(PAYMENT_SETTLE_POLL_MS);
    }
    return false;
  };

  const onPay = async () => {
    setError(null);
    if (!confirmer) {
      setError(cardText({ code: 'not_loaded' }));
      return;
    }
    setBusy(true);
    const result = await confirmer.confirm(state.clientSecret!, user?.email ?? '');
    if (!result.ok) {
      setBusy(false);
      setError(cardText(result.error));
      return;
    }
    const held =
      state.applicationId && result.paymentMethodId
        ? await confirmedByServer(result.paymentMethodId)
        : await heldInEscrow();
    setBusy(false);
    if (held) setDone(true);
    else setError(t('confirm.failed'));
  };

  return (
    <section className="page narrow">
      <h1>{t('confirm.title')}</h1>
      <div className="card">
        <dl className="facts">
          <Fact label={t('confirm.shift')}>{state.jobTitle ?? '—'}</Fact>
          <Fact label={t('confirm.amount')}>
            {typeof state.amount === 'number' ? formatCents(state.amount) : '—'}
          </Fact>
        </dl>
      </div>
      <div className="card">
        <CardField onReady={setConfirmer} />
      </div>
      <Alert>{error}</Alert>
      <div className="actions-row">
        <ActionButton className="btn btn-large" busy={!confirmer || busy} onClick={onPay}>
          {busy ? t('pay.paying') : t('confirm.submit')}
        </ActionButton>
        <Link to="/dashboard/restaurant" className="btn btn-secondary btn-large">
          {t('pay.cancel')}
        </Link>
      </div>
    </section>
  );
}
