import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { canJob } from '../../shared/contracts';
import { Alert } from '../../shared/components/Alert';
import { NotFoundScreen } from '../../shared/components/NotFoundScreen';
import { Spinner } from '../../shared/components/Spinner';
import { jobsApi } from '../jobs';
import { jobPay } from '../../shared/money/figures';
import { paymentsApi } from './paymentsApi';

/**
 * /payments/checkout/{applicationId}: the pay screen of an application. While its job still waits for its card
 * payment, the job's PaymentIntent is created and /payments/confirm takes over with the spec's navigation state
 * (clientSecret, amount in cents, applicationId, jobTitle), which confirms through
 * `POST /applications/{applicationId}/confirm-payment`. A job already paid opens its payment screen.
 */
export default function PaymentCheckoutRedirect() {
  const { t } = useTranslation('payments');
  const { applicationId = '' } = useParams();
  const navigate = useNavigate();
  const app = jobsApi.useApplicationQuery(applicationId);
  const [createEscrow] = paymentsApi.useCreateEscrowPaymentMutation();
  const [error, setError] = useState<string | null>(null);
  const job = app.data?.application.job_postings;
  const payable = !!job && canJob('escrowHeld', job.status);

  useEffect(() => {
    if (!job || !payable) return;
    let live = true;
    const amount = jobPay(job).totalCents;
    void createEscrow({ job_id: job.id, amount }).then((res) => {
      if (!live) return;
      if (res.error) return setError(errorText(res.error, t('pay.failed')));
      navigate('/payments/confirm', {
        replace: true,
        state: {
          clientSecret: res.data.client_secret,
          amount: res.data.amount_cents,
          applicationId,
          jobTitle: job.title,
        },
      });
    });
    return () => {
      live = false;
    };
  }, [job, payable, createEscrow, navigate, applicationId, t]);

  if (app.isLoading) return <Spinner />;
  const jobId = job?.id ?? app.data?.application.job_id;
  if (!jobId) return <NotFoundScreen title={t('pay.notFoundTitle')} text={t('pay.notFoundText')} />;
  if (!payable) return <Navigate to={`/payments/${jobId}`} replace />;
  if (error)
    return (
      <section className="page narrow">
        <Alert>{error}</Alert>
      </section>
    );
  return <Spinner />;
}
